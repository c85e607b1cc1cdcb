import { Hono } from 'hono';
import { feedPath, feedTokenHash, newFeedToken } from '../../calendar/feed-token';
import { deleteFeed, replaceFeed } from '../../db/calendar-feeds';
import { d1Database } from '../../db/client';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { NewFeedPage } from './CalendarFeed';
import { CALENDAR_FEED_OFF_PATH, CALENDAR_FEED_PATH, SCHEDULE_PATH } from './paths';

/** Each person's own calendar address: everyone signed in manages theirs, and only theirs. */
export const calendarFeedAdminRoutes = declareAccess(new Hono<AdminEnv>(), { who: 'engineer' });

calendarFeedAdminRoutes.post(CALENDAR_FEED_PATH, async (c) => {
  const token = newFeedToken();
  await replaceFeed(d1Database(c.env), c.var.person.id, await feedTokenHash(token), Date.now());
  await audit(c, 'calendar-feed-made', 'person', c.var.person.id);
  // Shown in this answer only, never put in a redirect's address (where logs and history keep it).
  const url = `${c.env.SITE_ORIGIN.replace(/\/+$/, '')}${feedPath(token)}`;
  return renderAdmin(<NewFeedPage url={url} />, signedIn(c, 'Your calendar address', 'schedule'));
});

calendarFeedAdminRoutes.post(CALENDAR_FEED_OFF_PATH, async (c) => {
  await deleteFeed(d1Database(c.env), c.var.person.id);
  await audit(c, 'calendar-feed-off', 'person', c.var.person.id);
  return c.redirect(`${SCHEDULE_PATH}#calendar-feed`, 303);
});
