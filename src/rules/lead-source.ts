/**
 * The one rule that sorts a lead into where it came from, from what the requests said (the
 * referring site's origin and the landing page's utm_* / gclid parameters). In this order:
 *
 * 1. advert: a gclid (a Google Ads click), or utm_medium saying paid (cpc, ppc, cpm, paid…,
 *    display, banner).
 * 2. search: the referrer is a search engine, or utm_source names one, or utm_medium is organic.
 * 3. social: the referrer is a social network, or utm_source names one, or utm_medium is social.
 * 4. direct: no other site sent the visitor and no utm parameters were set (typed address,
 *    bookmark, an app that sends no referrer, or a visit that started on another of our pages
 *    whose own referrer the form page cannot see).
 * 5. other site: anything else (another website's link, an e-mail campaign's utm tags).
 *
 * Browser-safe, no imports. The sorting happens once, when the lead is stored.
 */
export const LEAD_SOURCES = ['search', 'advert', 'social', 'direct', 'other site'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface SourceSignals {
  referrerOrigin?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  gclid?: string | null;
  /** utm_campaign, utm_term, utm_content: only whether any is set matters here. */
  otherUtm?: boolean;
}

const PAID_MEDIUM = /^(?:cpc|ppc|cpm|cpv|paid[\w-]*|display|banner|ads?)$/;
const SEARCH_MEDIUM = /^(?:organic|seo)$/;
const SOCIAL_MEDIUM = /^(?:social|social-media|social_media|sm)$/;

/** Host names by their registrable part; `google.` matches google.com, google.co.uk … */
const SEARCH_HOSTS =
  /(?:^|\.)(?:google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.[a-z.]+|ecosia\.org|search\.brave\.com|yandex\.[a-z.]+|baidu\.com|startpage\.com|qwant\.com)$/;
const SOCIAL_HOSTS =
  /(?:^|\.)(?:facebook\.com|fb\.com|fb\.me|instagram\.com|t\.co|x\.com|twitter\.com|linkedin\.com|lnkd\.in|pinterest\.[a-z.]+|reddit\.com|tiktok\.com|youtube\.com|youtu\.be|nextdoor\.[a-z.]+|threads\.net|bsky\.app|whatsapp\.com)$/;

const SEARCH_NAMES = new Set([
  'google',
  'bing',
  'duckduckgo',
  'yahoo',
  'ecosia',
  'brave',
  'yandex',
  'baidu',
  'startpage',
  'qwant',
]);
const SOCIAL_NAMES = new Set([
  'facebook',
  'fb',
  'instagram',
  'ig',
  'twitter',
  'x',
  'linkedin',
  'pinterest',
  'reddit',
  'tiktok',
  'youtube',
  'nextdoor',
  'threads',
  'bluesky',
  'whatsapp',
]);

const hostOf = (origin: string | null | undefined): string | null => {
  if (!origin) return null;
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
};

export function leadSource(signals: SourceSignals): LeadSource {
  const host = hostOf(signals.referrerOrigin);
  const source = signals.utmSource?.trim().toLowerCase() || null;
  const medium = signals.utmMedium?.trim().toLowerCase() || null;
  if (signals.gclid || (medium && PAID_MEDIUM.test(medium))) return 'advert';
  if ((host && SEARCH_HOSTS.test(host)) || (source && SEARCH_NAMES.has(source)) || (medium && SEARCH_MEDIUM.test(medium)))
    return 'search';
  if ((host && SOCIAL_HOSTS.test(host)) || (source && SOCIAL_NAMES.has(source)) || (medium && SOCIAL_MEDIUM.test(medium)))
    return 'social';
  if (!host && !source && !medium && !signals.otherUtm) return 'direct';
  return 'other site';
}
