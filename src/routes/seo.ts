import { Hono } from 'hono';
import { databaseFor } from '../db/client';
import { errorText, listPostsForSitemap, type SitemapPost } from '../db/posts';
import type { AppEnv } from '../env';
import { builtAt } from '../generated/build-info';
import { NO_STORE } from '../render/render';
import { SECURITY_TXT_PATH, securityTxt } from '../seo/security-txt';
import { robotsTxt, sitemapEntries, sitemapXml } from '../seo/sitemap';

export const seoRoutes = new Hono<AppEnv>();

/** Feeds and the sitemap: an hour in browsers and at the edge, served stale for a day while refreshing. */
export const FEED_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';

seoRoutes.get('/robots.txt', (c) => c.text(robotsTxt(c.env.SITE_ORIGIN), 200, { 'Cache-Control': FEED_CACHE }));

seoRoutes.get(SECURITY_TXT_PATH, (c) => c.text(securityTxt(c.env.SITE_ORIGIN, builtAt), 200, { 'Cache-Control': FEED_CACHE }));

seoRoutes.get('/sitemap.xml', async (c) => {
  let posts: SitemapPost[] = [];
  let complete = true;
  try {
    posts = await listPostsForSitemap(await databaseFor(c.env), new Date().toISOString());
  } catch (error) {
    // The static pages are still worth listing; the posts come back on the next fetch.
    complete = false;
    console.error(JSON.stringify({ level: 'error', msg: 'sitemap: post read failed', error: errorText(error) }));
  }
  return c.body(sitemapXml(c.env.SITE_ORIGIN, sitemapEntries(posts)), 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    // A sitemap built without its posts must not stick in any cache.
    'Cache-Control': complete ? FEED_CACHE : NO_STORE,
  });
});
