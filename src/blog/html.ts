// The default export: the only one every loader (esbuild, Node, the workerd test runner) resolves from this CommonJS package.
import filterXSS, { type IFilterXSSOptions, type IWhiteList } from 'xss';
import { tapPing } from '../http/tap-ping';
import { curlyQuotes } from './curly-quotes';
import { markdownToHtml } from './markdown';

/**
 * Post content is Markdown or HTML written by the owner (the admin, or SQL). Either way the HTML
 * is sanitised against an allow-list every time it is shown, so a bad row can never put script,
 * event handlers, frames or `javascript:` links on the page. Pure functions, shared with the
 * admin preview.
 */

const ALLOWED: IWhiteList = {
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: ['cite'],
  strong: [],
  b: [],
  em: [],
  i: [],
  small: [],
  sub: [],
  sup: [],
  abbr: ['title'],
  code: [],
  pre: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'title', 'srcset', 'sizes'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['scope'],
  td: [],
};

/** Tags removed together with everything inside them. */
const DROP_WITH_BODY = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
];

const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(?:https:\/\/|\/(?!\/))/i;
const NUMBER = /^\d{1,5}$/;
/** srcset candidates are our own paths with a width ('/cdn-cgi/image/width=640,.../media/x.jpg 640w'). */
const SRCSET_CANDIDATE = /^\/(?!\/)\S+ \d{1,5}w$/;
const SIZES = /^[a-z0-9().,:%\s+*/-]{1,200}$/i;
const KEYWORD: Record<string, RegExp> = { loading: /^(?:lazy|eager)$/, decoding: /^(?:async|sync|auto)$/ };
const ID = /^[a-z][a-z0-9-]{0,80}$/;

const OPTIONS: IFilterXSSOptions = {
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROP_WITH_BODY,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value, isAllowed) {
    if (!isAllowed) return undefined;
    const v = value.trim();
    // Returning '' drops the attribute; undefined lets js-xss escape the value as usual.
    if (name === 'href') return SAFE_HREF.test(v) ? undefined : '';
    if (name === 'src') return SAFE_SRC.test(v) ? undefined : '';
    if (name === 'width' || name === 'height' || name === 'start') return NUMBER.test(v) ? undefined : '';
    if (name === 'id') return ID.test(v) ? undefined : '';
    if (name === 'srcset') return v.split(/,\s+/).every((candidate) => SRCSET_CANDIDATE.test(candidate)) ? undefined : '';
    if (name === 'sizes') return SIZES.test(v) ? undefined : '';
    const keyword = Object.hasOwn(KEYWORD, name) ? KEYWORD[name] : undefined;
    if (keyword) return keyword.test(v) ? undefined : '';
    if (tag === 'blockquote' && name === 'cite') return SAFE_HREF.test(v) ? undefined : '';
    return undefined;
  },
};

/** Allow-listed tags and attributes only; everything else is removed (its text kept). */
export function sanitizePostHtml(html: string): string {
  return filterXSS(html, OPTIONS);
}

/** An <a> tag's href in the sanitiser's output (its attribute values never hold a double quote). */
const LINK = /<a\s([^>]*?)\bhref="([^"]*)"/g;

/** Call, WhatsApp and e-mail links in a post count their taps like the site's own links. */
function withTapPings(html: string): string {
  return html.replace(LINK, (tag, before: string, href: string) => {
    const ping = tapPing(href);
    return ping ? `<a ${before}href="${href}" ping="${ping}"` : tag;
  });
}

export type PostFormat = 'html' | 'markdown';

/**
 * What the blog page (and the admin preview) shows for a post's content: Markdown becomes HTML
 * first; HTML posts go straight to the sanitiser, exactly as before Markdown existed.
 */
export function renderPostHtml(content: string, format: PostFormat = 'html', options: { imageResizing?: boolean } = {}): string {
  const html = format === 'markdown' ? markdownToHtml(content, options) : content;
  return withTapPings(curlyQuotes(sanitizePostHtml(html)));
}
