import { kept } from '../cache/caching';
import { FEED_CACHE } from '../http/cache-control';
import { SECURITY_TXT_PATH } from '../seo/security-txt';

/** The SEO routes: the sitemap lists the posts; the text files change with the content alone. */
export const seoCaching = {
  '/sitemap.xml': kept({ posts: true, cacheControl: FEED_CACHE }),
  '/robots.txt': kept({ cacheControl: FEED_CACHE }),
  [SECURITY_TXT_PATH]: kept({ cacheControl: FEED_CACHE }),
} as const;
