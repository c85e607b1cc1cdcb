import { parseMediaUrl } from '../media/keys';

/**
 * Smaller copies of uploaded pictures through Cloudflare Image Resizing, when the zone has it
 * turned on (the IMAGE_RESIZING var): '/cdn-cgi/image/<options>/media/<name>' on our own origin,
 * so the Content-Security-Policy ('self') already allows it. Without it the original is served.
 */

/** Widths offered below the original's own (a phone's screen, at 1x, 2x and 3x, and a laptop's column). */
const WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The blog post's text column: 52rem wide less its padding, or the screen less the page's margins. */
export const CONTENT_SIZES = '(min-width: 52rem) 49rem, calc(100vw - 2rem)';
/**
 * The cover picture spans the same column.
 * @alias of CONTENT_SIZES, named for the cover
 */
export const COVER_SIZES = CONTENT_SIZES;
/** Blog list cards: one, two or three columns. */
export const CARD_SIZES = '(min-width: 1024px) 376px, (min-width: 768px) 50vw, 100vw';

export const isImageResizingOn = (value: string | undefined) => value?.trim().toLowerCase() === 'on';

const resizedUrl = (url: string, width: number) => `/cdn-cgi/image/width=${width},fit=scale-down,format=auto${url}`;

/** The srcset for one of our uploads ('/media/...'), or undefined (resizing off, or not an upload). */
export function mediaSrcset(url: string, resizing: boolean): string | undefined {
  const picture = resizing ? parseMediaUrl(url) : null;
  if (!picture) return undefined;
  const smaller = WIDTHS.filter((width) => width < picture.width);
  if (smaller.length === 0) return undefined;
  return [...smaller.map((width) => `${resizedUrl(url, width)} ${width}w`), `${url} ${picture.width}w`].join(', ');
}

/**
 * The drawn size of a post's cover: an upload's own (its name carries it), else the seed
 * illustrations' 1200 x 675. The cover is shown whole at this size, and an upload is shared as it
 * is (og:image, `shareImage`): the page, the shared card and the editor's "as shared"
 * preview show one frame, whichever way the picture came (trimmed to 16:9 by the editor's script,
 * or sent whole by a phone without it).
 */
export function coverSize(url: string): { width: number; height: number } {
  const upload = parseMediaUrl(url);
  return upload ? { width: upload.width, height: upload.height } : { width: 1200, height: 675 };
}

/** srcset and sizes for an <img> of a cover or card, when there is a smaller copy to offer. */
export function responsiveAttributes(url: string, resizing: boolean, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = mediaSrcset(url, resizing);
  return srcSet ? { srcSet, sizes } : {};
}
