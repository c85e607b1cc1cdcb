import type { Bindings } from '../env';
import { readReferer } from '../http/referer';
import { CAMPAIGN_PARAMS } from '../rules/campaign-params';
import { type Arrival, cleanArrival, encodeArrival } from './attribution';
import { fillFormTokens } from './form-token';

/**
 * The form page's half of attribution: what the request for /contact or /free-quote says about
 * how the visitor got there, put into the page's hidden attribution field. Form pages are kept by
 * the page cache with ATTRIBUTION_PLACEHOLDER in that field and filled on every response from
 * that response's own request, so one visitor's values are never kept in the page.
 *
 * - Sent here by another page of ours: that page is the previous page, and its utm / gclid
 *   parameters (it was the landing page of an advert) are what count; failing those, the form
 *   page's own.
 * - Sent by another site, or by nothing: the form page was the landing page; the other site's
 *   origin (only) and the form page's own parameters are what count.
 */

export const ATTRIBUTION_PLACEHOLDER = '__form_attribution__';

function campaignOf(params: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of CAMPAIGN_PARAMS) {
    const value = params.get(key);
    if (value !== null) found[key] = value;
  }
  return found;
}

export function arrivalOf(request: Request, siteOrigin: string): Arrival {
  const own = campaignOf(new URL(request.url).searchParams);
  const referer = readReferer(request, siteOrigin);
  if (referer.kind === 'ours') {
    const before = campaignOf(referer.url.searchParams);
    return cleanArrival({ previous_page: referer.url.pathname, ...(Object.keys(before).length > 0 ? before : own) });
  }
  return cleanArrival({ referrer_origin: referer.kind === 'other' ? referer.origin : '', ...own });
}

/** The query string is percent-encoded except for '&', the one character an attribute must escape. */
const asAttribute = (text: string) => text.replaceAll('&', '&amp;');

/** Everything a kept form page gets per response: fresh form tokens, and this visitor's arrival. */
export async function fillFormPage(
  html: string,
  env: Pick<Bindings, 'FORM_SIGNING_SECRET' | 'SITE_ORIGIN'>,
  request: Request,
  now = Date.now(),
): Promise<string> {
  const withTokens = await fillFormTokens(html, env, now);
  if (!withTokens.includes(ATTRIBUTION_PLACEHOLDER)) return withTokens;
  return withTokens.replaceAll(ATTRIBUTION_PLACEHOLDER, asAttribute(encodeArrival(arrivalOf(request, env.SITE_ORIGIN))));
}
