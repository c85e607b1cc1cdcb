import { parseMediaUrl } from '../media/keys';

/** What every page must say about itself; <Head> turns it into tags. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/services'. Joined to the configured SITE_ORIGIN. */
  path: string;
  /** Social image: a path under the site. Shared only when it is a raster upload (see shareImage). */
  image?: string;
  /** What `image` shows; shared with it. */
  imageAlt?: string;
  keywords?: readonly string[];
  /** Structured data, emitted as application/ld+json data blocks. */
  jsonLd?: object | readonly object[];
  noindex?: boolean;
  /** Open Graph type; 'article' adds the article tags below. */
  type?: 'website' | 'article';
  article?: { publishedTime: string; modifiedTime?: string; section?: string; author?: string; tags?: readonly string[] };
  /** rel=prev / rel=next for paginated lists (paths). */
  prev?: string;
  next?: string;
  /** Extra stylesheets beyond the inline site CSS (the admin's preview bar). */
  stylesheets?: readonly string[];
}

export const DEFAULT_OG_IMAGE = '/og-image.png';

/** Absolute URL for a path or URL, against the site origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin.endsWith('/') ? origin : `${origin}/`).toString();
}

/** The default card's drawn size (public/og-image.png, 1200 x 630, the size the networks ask for). */
const DEFAULT_OG_SIZE = { width: 1200, height: 630 } as const;

/** The default card without "24/7" on it, for a line that keeps opening hours (public/og-image-hours.png). */
const HOURS_OG_IMAGE = '/og-image-hours.png';

/** What the site's card shows (the one for the line's hours), for people who cannot see it. */
export const defaultOgAlt = (site: SiteOfCard) =>
  `${site.name} logo, with the words ${site.line.allHours ? '24/7 ' : ''}Drain Unblocking & Repairs`;

/** What picks the site's card: the name on it, and whether the line answers 24/7. */
export type SiteOfCard = { name: string; line: { allHours: boolean } };

/**
 * A picture's path as shown: the site's card (a post's cover when it has no picture of its own)
 * says "24/7" only while the emergency line answers 24/7; any other picture is itself.
 */
export const pictureAsTheLineAllows = (path: string, site: SiteOfCard) =>
  path === DEFAULT_OG_IMAGE && !site.line.allHours ? HOURS_OG_IMAGE : path;

/**
 * Raster types Facebook, X and LinkedIn all draw. SVG (the seed posts' and services' illustrations)
 * and AVIF are not drawn by them, so those pages share the default card instead.
 */
const SHAREABLE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export interface ShareImage {
  /** A path on this site (or the default card). */
  path: string;
  type: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The picture a page shares: its own when it is one of our raster uploads (whose name carries its
 * size), otherwise the default PNG card. Either way with width, height and alt, so the networks can
 * lay out the card before fetching the picture.
 */
export function shareImage(meta: Pick<PageMeta, 'image' | 'imageAlt'>, site: SiteOfCard): ShareImage {
  const upload = meta.image ? parseMediaUrl(meta.image) : null;
  if (upload && SHAREABLE_TYPES.includes(upload.type)) {
    return {
      path: meta.image!,
      type: upload.type,
      width: upload.width,
      height: upload.height,
      alt: meta.imageAlt || defaultOgAlt(site),
    };
  }
  return { path: pictureAsTheLineAllows(DEFAULT_OG_IMAGE, site), type: 'image/png', ...DEFAULT_OG_SIZE, alt: defaultOgAlt(site) };
}
