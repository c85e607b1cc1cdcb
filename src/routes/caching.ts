import type { CachingTable } from '../cache/caching';
import { blogCaching } from './blog.caching';
import { mapCaching } from './map.caching';
import { pagesCaching } from './pages.caching';
import { postcodeCheckCaching } from './postcode-check.caching';
import { seoCaching } from './seo.caching';

/**
 * Every public route's caching, as each route group declares it beside its routes. Light on
 * purpose: the front door reads it before the site's code is evaluated. A route not here is
 * never kept. A test checks that every GET route of the site is either here or meant to be private.
 */
export const publicCaching: CachingTable = {
  ...pagesCaching,
  ...postcodeCheckCaching,
  ...blogCaching,
  ...seoCaching,
  ...mapCaching,
};
