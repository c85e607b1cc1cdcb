import type { MiddlewareHandler } from 'hono';
import { type CachingTable, cachingFor } from '../cache/caching';
import type { AppEnv } from '../env';
import { FORM_TOKEN_HEADER, NO_STORE, PAGE_CACHE } from '../http/cache-control';

/**
 * Each answer's caching, from its route's declaration in `table` (the public routes' caching, handed
 * in by the site's wiring): a page kept with
 * the content is public (a feed's own value where it declares one), a form page is marked for the
 * page cache to fill per answer, and everything else (undeclared routes, errors, any status but
 * 200) is `private, no-store`. A route that must not be kept this once (a read failed) says so
 * itself, and that wins.
 */
export const declaredCaching =
  (table: CachingTable): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    const caching = cachingFor(table, c.req.path);
    const keep = (c.req.method === 'GET' || c.req.method === 'HEAD') && c.res.status === 200 && caching.keep === 'content';
    if (!keep) {
      c.res.headers.set('Cache-Control', NO_STORE);
      return;
    }
    c.res.headers.set('Cache-Control', caching.cacheControl ?? PAGE_CACHE);
    if (caching.fill === 'form') c.res.headers.set(FORM_TOKEN_HEADER, '1');
  };
