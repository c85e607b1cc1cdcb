import type { Context } from 'hono';
import { Hono } from 'hono';
import { hasFeed } from '../../db/calendar-feeds';
import { d1Database } from '../../db/client';
import { jobsBetween, notesOf, SCHEDULE_STATUSES } from '../../db/schedule';
import { londonDay, mondayOf } from '../../rules/uk-time';
import { declareAccess } from '../auth/access';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { CalendarFeedSection } from './CalendarFeed';
import { SCHEDULE_DAY_PATH, SCHEDULE_PATH, weekPath } from './paths';
import { DayView, WeekView } from './SchedulePage';
import { readDay, weekOf } from './schedule-query';

/** The schedule: the week's booked jobs (the default) and one day's, for everyone signed in. */
export const scheduleRoutes = declareAccess(new Hono<AdminEnv>(), { who: 'staff' });

function refuse(c: Context<AdminEnv>, message: string, today: string) {
  return renderAdmin(
    <MessagePage heading="That date could not be read">
      <p>{message}</p>
      <p>
        <a href={weekPath(mondayOf(today))}>This week’s schedule</a>
      </p>
    </MessagePage>,
    signedIn(c, 'Schedule', 'schedule'),
    400,
  );
}

scheduleRoutes.get(SCHEDULE_PATH, async (c) => {
  const today = londonDay(Date.now());
  const asked = readDay(c.req.query('week'), today, 'week');
  if (!asked.ok) return refuse(c, asked.message, today);
  const days = weekOf(asked.day);
  const db = d1Database(c.env);
  const [jobs, feedOn] = await Promise.all([
    jobsBetween(db, days[0]!, days[6]!, SCHEDULE_STATUSES),
    hasFeed(db, c.var.person.id),
  ]);
  return renderAdmin(
    <>
      <WeekView jobs={jobs} today={today} content={c.var.content} days={days} />
      <CalendarFeedSection csrf={c.var.session.csrf} on={feedOn} />
    </>,
    signedIn(c, 'Schedule', 'schedule'),
  );
});

scheduleRoutes.get(SCHEDULE_DAY_PATH, async (c) => {
  const today = londonDay(Date.now());
  const asked = readDay(c.req.query('day'), today, 'day');
  if (!asked.ok) return refuse(c, asked.message, today);
  const db = d1Database(c.env);
  const jobs = await jobsBetween(db, asked.day, asked.day, SCHEDULE_STATUSES);
  // The run sheet carries each job's notes (printed only).
  const notes = await notesOf(
    db,
    jobs.map((lead) => lead.id),
  );
  return renderAdmin(
    <DayView jobs={jobs} today={today} content={c.var.content} day={asked.day} monday={mondayOf(asked.day)} notes={notes} />,
    signedIn(c, `Schedule: ${asked.day}`, 'schedule'),
  );
});
