import { Marked, type Tokens } from 'marked';
import { parseMediaUrl } from '../media/keys';
import { CONTENT_SIZES, mediaSrcset } from './pictures';

/**
 * Posts written in Markdown, turned into HTML with marked (plain ESM that runs in workerd, no
 * dependencies, GFM tables built in). Its output is not trusted: renderPostHtml sanitises it with
 * the same allow-list as HTML posts. Two of marked's renderer hooks are ours:
 * - headings start at h2 ('#' and '##' are both h2, down to h4): the page's title is its only h1;
 * - every picture gets width and height (from an upload's URL, `parseMediaUrl`) so nothing
 *   shifts as it loads, loads lazily (the cover is above it, so the text's pictures are below the
 *   fold), and, with Image Resizing on, a srcset of smaller copies.
 */

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function imageHtml({ href, title, text }: Tokens.Image, resizing: boolean): string {
  const picture = parseMediaUrl(href);
  const attributes: [string, string | number | undefined][] = [
    ['src', href],
    ['alt', text],
    ['width', picture?.width],
    ['height', picture?.height],
    ['loading', 'lazy'],
    ['decoding', 'async'],
    ['title', title ?? undefined],
  ];
  const srcset = mediaSrcset(href, resizing);
  if (srcset) attributes.push(['srcset', srcset], ['sizes', CONTENT_SIZES]);
  const written = attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`);
  return `<img ${written.join(' ')}>`;
}

function createMarked(resizing: boolean): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      heading({ tokens, depth }) {
        const level = Math.min(4, Math.max(2, depth));
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      image(token) {
        return imageHtml(token, resizing);
      },
    },
  });
}

const instances = new Map<boolean, Marked>();

function markedFor(resizing: boolean): Marked {
  let instance = instances.get(resizing);
  if (!instance) {
    instance = createMarked(resizing);
    instances.set(resizing, instance);
  }
  return instance;
}

/** Markdown to (unsanitised) HTML. */
export function markdownToHtml(markdown: string, options: { imageResizing?: boolean } = {}): string {
  return markedFor(options.imageResizing ?? false).parse(markdown, { async: false });
}

export interface MarkdownPicture {
  src: string;
  alt: string;
}

/** Every picture written as ![alt](src) in a Markdown text, in order (for the editor's checks). */
export function markdownPictures(markdown: string): MarkdownPicture[] {
  const instance = markedFor(false);
  const pictures: MarkdownPicture[] = [];
  instance.walkTokens(instance.lexer(markdown), (token) => {
    if (token.type === 'image') pictures.push({ src: token.href, alt: token.text.trim() });
  });
  return pictures;
}
