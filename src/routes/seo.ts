import { Hono } from 'hono';
import { postsDatabase } from '../blog/posts-database';
import type { SitemapPost } from '../db/posts';
import type { AppEnv } from '../env';
import { builtAt } from '../generated/build-info';
import { NO_STORE } from '../http/cache-control';
import { errorText, log } from '../log';
import { SECURITY_TXT_PATH, securityTxt } from '../seo/security-txt';
import { robotsTxt, sitemapEntries, sitemapXml } from '../seo/sitemap';

export const seoRoutes = new Hono<AppEnv>();

// Caching is declared in seo.caching.ts.
const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

seoRoutes.get('/robots.txt', (c) => c.text(robotsTxt(c.env.SITE_ORIGIN), 200, TEXT));

seoRoutes.get(SECURITY_TXT_PATH, (c) =>
  c.text(securityTxt(c.env.SITE_ORIGIN, builtAt, c.var.content.site.email.address), 200, TEXT),
);

seoRoutes.get('/sitemap.xml', async (c) => {
  let posts: SitemapPost[] = [];
  let complete = true;
  try {
    const { db, listPostsForSitemap } = await postsDatabase(c.env);
    posts = await listPostsForSitemap(db, new Date().toISOString());
  } catch (error) {
    // The static pages are still worth listing; the posts come back on the next fetch.
    complete = false;
    log.error('sitemap: post read failed', { error: errorText(error) });
  }
  return c.body(sitemapXml(c.env.SITE_ORIGIN, sitemapEntries(posts)), 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    // A sitemap built without its posts must not stick in any cache (declared in seo.caching.ts otherwise).
    ...(complete ? {} : { 'Cache-Control': NO_STORE }),
  });
});
