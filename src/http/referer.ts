/**
 * What a request's Referer says, for attribution. The site sends `strict-origin-when-cross-origin`
 * (`securityHeaders`), so a page of ours sends our other pages its full URL (path and
 * query, which is how the utm parameters of a landing page reach the next page), and other sites
 * usually send us their origin only.
 */

const MAX_REFERER_LENGTH = 2048;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Our own origin: the public one (SITE_ORIGIN), or the one this request was made to (a dev server, a preview). */
export const isOurOrigin = (origin: string, request: Request, siteOrigin: string) =>
  origin === new URL(request.url).origin || origin === originOf(siteOrigin);

export type Referer = { kind: 'none' } | { kind: 'ours'; url: URL } | { kind: 'other'; origin: string };

export function readReferer(request: Request, siteOrigin: string): Referer {
  const raw = request.headers.get('referer');
  if (!raw || raw.length > MAX_REFERER_LENGTH) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  if (isOurOrigin(url.origin, request, siteOrigin)) return { kind: 'ours', url };
  return { kind: 'other', origin: url.origin };
}
