import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { robotsTxt, sitemapXml, staticRoutes } from '../seo/sitemap';

export const seoRoutes = new Hono<AppEnv>();

const FEED_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';

seoRoutes.get('/robots.txt', (c) => c.text(robotsTxt(c.env.SITE_ORIGIN), 200, { 'Cache-Control': FEED_CACHE }));

seoRoutes.get('/sitemap.xml', (c) => {
  const entries = staticRoutes.map((path) => ({ path }));
  return c.body(sitemapXml(c.env.SITE_ORIGIN, entries), 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': FEED_CACHE,
  });
});
