import { latestDate } from '../blog/dates';
import { postPath } from '../blog/meta';
import type { SitemapPost } from '../db/posts';
import { PUBLIC_PAGES } from '../http/site-pages';
import { absoluteUrl } from '../render/meta';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Every public static route: the one list of public pages. */
export const staticRoutes: readonly string[] = PUBLIC_PAGES;

/**
 * The static routes, then one entry per published post with its last change as lastmod; the
 * blog list's lastmod is the newest post's.
 */
export function sitemapEntries(posts: readonly SitemapPost[]): SitemapEntry[] {
  const postEntries = posts.map((post) => ({ path: postPath(post.slug), lastmod: latestDate(post.publishedAt, post.updatedAt) }));
  const newest = postEntries.reduce<string | undefined>((max, e) => (!max || e.lastmod > max ? e.lastmod : max), undefined);
  return [...staticRoutes.map((path) => (path === '/blog' && newest ? { path, lastmod: newest } : { path })), ...postEntries];
}

/** Characters XML 1.0 forbids outright (escaping cannot save them), e.g. a stray control code. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text or attribute content for XML: the five special characters escaped, forbidden ones dropped. */
export const escapeXml = (value: string) =>
  value
    .replace(INVALID_XML_CHARS, '')
    .replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch);

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
