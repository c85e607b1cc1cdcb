/**
 * The time a lead's call-back promise is worked out at: now, or, in a dev or test server, the
 * instant in the TEST_CLOCK var, so a browser test can see the panel at 23:00 UK time. Honoured
 * only when the request came to a loopback host (wrangler dev on 127.0.0.1 or localhost): a
 * deployed Worker is reached by its domain, so the var moves nothing there even if set, and no
 * visitor can set a var.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function promiseClock(env: { TEST_CLOCK?: string }, url: string, now = Date.now()): number {
  if (!env.TEST_CLOCK || !LOOPBACK.has(new URL(url).hostname)) return now;
  const moved = Date.parse(env.TEST_CLOCK);
  return Number.isNaN(moved) ? now : moved;
}
