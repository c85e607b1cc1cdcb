import { services } from '../content/services';
import { absoluteUrl } from '../render/meta';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Every public static route, from the same arrays the menus and pages use. */
export const staticRoutes: readonly string[] = [
  '/',
  '/services',
  ...services.map((service) => `/services/${service.slug}`),
  '/faq',
  '/blog',
  '/contact',
  '/free-quote',
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch);

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
