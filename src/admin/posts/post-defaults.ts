import { excerptFromContent } from '../../blog/excerpt';
import { markdownPictures } from '../../blog/markdown';
import type { PostInput } from '../../db/admin-posts';
import { parseMediaUrl } from '../../media/keys';
import { DEFAULT_OG_IMAGE } from '../../render/meta';

/**
 * What a post gets for the fields the owner may leave empty, so a post written from a title and
 * its text alone can be published: the excerpt is its first paragraph, the cover the first
 * picture in the text (or the site's card), the category a plain one.
 */

export const DEFAULT_CATEGORY = 'News';

export interface Cover {
  url: string;
  alt: string;
}

const HTML_IMAGE = /<img\b[^>]*>/gi;
const attributeOf = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i')
    .exec(tag)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The first of our uploads shown in the text, with its description. */
export function firstPicture(content: string, format: PostInput['format']): Cover | undefined {
  if (format === 'markdown') {
    const picture = markdownPictures(content).find((p) => parseMediaUrl(p.src) && p.alt);
    return picture && { url: picture.src, alt: picture.alt };
  }
  for (const [tag] of content.matchAll(HTML_IMAGE)) {
    const url = attributeOf(tag, 'src');
    const alt = attributeOf(tag, 'alt')?.trim();
    if (url && alt && parseMediaUrl(url)) return { url, alt };
  }
  return undefined;
}

/** Fills the fields left empty; `fallbackCover` is the site's card, for a text without pictures. */
export function withDefaults(input: PostInput, fallbackCover: Cover): PostInput | { error: 'excerpt' } {
  const excerpt = input.excerpt || excerptFromContent(input.content, input.format);
  if (!excerpt) return { error: 'excerpt' };
  const cover = input.imageUrl
    ? { url: input.imageUrl, alt: input.imageAlt }
    : (firstPicture(input.content, input.format) ?? fallbackCover);
  return {
    ...input,
    excerpt,
    imageUrl: cover.url,
    imageAlt: cover.alt,
    category: input.category || DEFAULT_CATEGORY,
  };
}

/** The excerpt to show in the form: empty while it is still the one made from the text, so it follows the text. */
export const excerptField = (excerpt: string, content: string, format: PostInput['format']) =>
  excerpt === excerptFromContent(content, format) ? '' : excerpt;

/** Whether a stored cover is one withDefaults chose: the site's card, or the text's first picture. */
export const isAutomaticCover = (post: Pick<PostInput, 'imageUrl' | 'content' | 'format'>) =>
  post.imageUrl === DEFAULT_OG_IMAGE || firstPicture(post.content, post.format)?.url === post.imageUrl;
