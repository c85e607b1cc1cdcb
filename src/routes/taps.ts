import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { errorResponse } from '../http/errors';
import { TAP_PATH } from '../http/paths';
import { readPing } from '../taps/read-ping';

/**
 * POST /api/tap: the `ping` of a call, WhatsApp or e-mail link (tapPing).
 * The browser sends it beside following the link and ignores the answer, so nothing here can
 * hold up or fail the page. 204 when counted; refusals are the API's JSON errors; other methods
 * get 405 from the app's own check.
 */
export const tapRoutes = new Hono<AppEnv>();

/** A ping's body is the four bytes "PING". */
const PING_BODY_LIMIT = 1024;

tapRoutes.post(TAP_PATH, bodyLimit({ maxSize: PING_BODY_LIMIT, onError: (c) => errorResponse(c, 413) }), async (c) => {
  const ping = readPing(c.req.raw, c.env.SITE_ORIGIN);
  if (!ping.ok) return errorResponse(c, ping.status);
  // The count's queries (Drizzle) are imported by the first ping, not by every rendered page.
  const { recordTap } = await import('../taps/record-tap');
  const outcome = await recordTap(c.env, ping.channel, ping.from, c.req.header('cf-connecting-ip') ?? 'unknown');
  if (outcome === 'limited') {
    c.header('Retry-After', '60');
    return errorResponse(c, 429);
  }
  if (outcome === 'failed') return errorResponse(c, 503, 'Service Unavailable');
  return c.body(null, 204, { 'Cache-Control': NO_STORE });
});
