/** What every page must say about itself; <Head> turns it into tags. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/services'. Joined to the configured SITE_ORIGIN. */
  path: string;
  /** Social image: a path under the site or an absolute URL. Defaults to the site's OG image. */
  image?: string;
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
