import { Hono } from 'hono';
import { FEED_TOKEN_PATTERN, feedTokenHash } from '../calendar/feed-token';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { withinLimit } from '../http/rate-limit';
import { addDays, londonDay } from '../rules/uk-time';

/**
 * A person's private calendar feed, /calendar/<token>.ics, which their calendar app subscribes
 * to: the booked jobs given to them (`assignedTo`: the first owner's also hold the jobs
 * given to nobody, those booked before jobs were assigned) from 30 days back to 90 ahead. Rate-limited per address (the customers'
 * request links' limiter), never cached or indexed; a token that is malformed, unknown, replaced
 * or turned off is a bare 404 with nothing about why.
 */
export const calendarFeedRoutes = new Hono<AppEnv>();

const PRIVATE = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };
const DAYS_BACK = 30;
const DAYS_AHEAD = 90;

const notFound = () =>
  new Response('Not found', { status: 404, headers: { ...PRIVATE, 'Content-Type': 'text/plain; charset=utf-8' } });

// A path of any length reaches here and is judged by its shape first: no hashing, no query.
calendarFeedRoutes.get('/calendar/:file', async (c) => {
  if (!(await withinLimit(c.env.REQUESTS_LIMITER, `calendar:${c.req.header('cf-connecting-ip') ?? 'unknown'}`))) {
    return new Response('Too many requests', { status: 429, headers: { ...PRIVATE, 'Retry-After': '60' } });
  }
  const match = new RegExp(`^(${FEED_TOKEN_PATTERN})\\.ics$`).exec(c.req.param('file'));
  if (!match) return notFound();
  // The feed's queries (Drizzle) and its writer are imported by the first feed asked for, not by every rendered page.
  const [{ d1Database }, { personOfFeed }, { jobsBetween }, { assignedTo, defaultOwnerId }, { feedEvent }, { feedIcs }] =
    await Promise.all([
      import('../db/client'),
      import('../db/calendar-feeds'),
      import('../db/schedule'),
      import('../db/assignment'),
      import('../calendar/feed-events'),
      import('../jobs/ics'),
    ]);
  const db = d1Database(c.env);
  const person = await personOfFeed(db, await feedTokenHash(match[1]!));
  if (!person) return notFound();
  const now = Date.now();
  const today = londonDay(now);
  const whose = assignedTo(person.id, await defaultOwnerId(db));
  const jobs = await jobsBetween(db, addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD), undefined, whose);
  const content = c.var.content;
  const body = feedIcs(
    `${content.site.shortName}: ${person.name}`,
    jobs.map((lead) => feedEvent(lead, content, c.env.SITE_ORIGIN, now)),
  );
  return new Response(body, { headers: { ...PRIVATE, 'Content-Type': 'text/calendar; charset=utf-8' } });
});
