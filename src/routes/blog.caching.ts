import { kept } from '../cache/caching';
import { FEED_CACHE } from '../http/cache-control';
import { isPageNumber } from '../rules/page-number';

/** How the blog's pages (`blogRoutes`) are kept: with the posts, so never built ahead. */
export const blogCaching = {
  '/blog': kept({ posts: true, params: { page: isPageNumber } }),
  '/blog/rss.xml': kept({ posts: true, cacheControl: FEED_CACHE }),
  '/blog/:slug': kept({ posts: true }),
} as const;
