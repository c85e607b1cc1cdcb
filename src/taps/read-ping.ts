import { isOurOrigin } from '../http/referer';
import { mediaType } from '../leads/request-body';
import { isTapChannel, type TapChannel, tapChannelOf } from '../rules/tap-channels';

/**
 * A browser's hyperlink-auditing request, as Chromium and Safari send it for
 * `<a href="tel:…" ping="/api/tap?channel=call">`: POST, `Content-Type: text/ping`, a `PING`
 * body, `Ping-To` (the link's target) and, because the ping goes to the page's own origin,
 * `Ping-From` (the page's URL). Only that shape from one of our own pages is counted.
 *
 * A foreign page cannot forge it: a cross-origin ping carries no Ping-From (and says
 * `Sec-Fetch-Site: cross-site` and its own Origin), and a script elsewhere cannot send
 * `text/ping` without a CORS preflight, which this site never grants. (The app's CSRF check,
 * `refuseCrossSiteForms`, already refuses a text/ping POST that names neither our origin nor same-origin.)
 */
export type Ping = { ok: true; channel: TapChannel; from: URL } | { ok: false; status: 400 | 403 | 415 };

const MAX_HEADER_LENGTH = 2048;

function urlOf(value: string | null): URL | null {
  if (!value || value.length > MAX_HEADER_LENGTH) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function readPing(request: Request, siteOrigin: string): Ping {
  const headers = request.headers;
  if (mediaType(headers.get('content-type') ?? undefined) !== 'text/ping') {
    return { ok: false, status: 415 };
  }
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return { ok: false, status: 403 };
  const origin = headers.get('origin');
  if (origin !== null && !isOurOrigin(origin, request, siteOrigin)) return { ok: false, status: 403 };
  const from = urlOf(headers.get('ping-from'));
  if (!from || !isOurOrigin(from.origin, request, siteOrigin)) return { ok: false, status: 403 };
  // The owner previewing a post in the admin is not a visitor.
  if (from.pathname === '/admin' || from.pathname.startsWith('/admin/')) return { ok: false, status: 403 };

  const channel = new URL(request.url).searchParams.get('channel');
  if (!isTapChannel(channel)) return { ok: false, status: 400 };
  // The link's target must be of the channel it claims: a tel: link is a call, and so on.
  const to = headers.get('ping-to');
  if (!to || to.length > MAX_HEADER_LENGTH || tapChannelOf(to) !== channel) {
    return { ok: false, status: 400 };
  }
  return { ok: true, channel, from };
}
