import { kept } from '../cache/caching';
import { serviceSlugs } from '../content/service-slugs';
import { PRIVACY_PATH } from '../http/paths';

/** How the pages of `pageRoutes` are kept: all with the content, built with the deploy. */
export const pagesCaching = {
  '/': kept({ built: true }),
  '/services': kept({ built: true }),
  '/services/:slug': kept({ built: true, values: { slug: serviceSlugs } }),
  '/faq': kept({ built: true }),
  [PRIVACY_PATH]: kept({ built: true }),
  // The forms: kept with placeholders, filled per answer.
  '/contact': kept({ built: true, fill: 'form' }),
  '/free-quote': kept({ built: true, fill: 'form', params: { service: serviceSlugs } }),
} as const;
