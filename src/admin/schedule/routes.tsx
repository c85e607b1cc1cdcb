import type { Context } from 'hono';
import { Hono } from 'hono';
import { hasFeed } from '../../db/calendar-feeds';
import { d1Database } from '../../db/client';
import { notesOf } from '../../db/schedule';
import { londonDay, mondayOf } from '../../rules/uk-time';
import { declareAccess } from '../auth/access';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { CalendarFeedSection } from './CalendarFeed';
import { SCHEDULE_DAY_PATH, SCHEDULE_PATH, weekPath } from './paths';
import { DayView, WeekView } from './SchedulePage';
import { readDay, weekOf } from './schedule-query';
import { scheduleJobs } from './whose-jobs';

/** The schedule: the week's booked jobs (the default) and one day's, for everyone signed in; an engineer sees only theirs. */
export const scheduleRoutes = declareAccess(new Hono<AdminEnv>(), { who: 'engineer' });

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
  const [{ jobs, whoGoes }, feedOn] = await Promise.all([scheduleJobs(c, days[0]!, days[6]!), hasFeed(db, c.var.person.id)]);
  return renderAdmin(
    <>
      <WeekView jobs={jobs} whoGoes={whoGoes} today={today} content={c.var.content} days={days} />
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
  const { jobs, whoGoes } = await scheduleJobs(c, asked.day, asked.day);
  // The run sheet carries each job's notes (printed only); an engineer's does not (the notes are the office's).
  const notes =
    c.var.person.role === 'engineer'
      ? {}
      : await notesOf(
          db,
          jobs.map((lead) => lead.id),
        );
  return renderAdmin(
    <DayView
      jobs={jobs}
      whoGoes={whoGoes}
      today={today}
      content={c.var.content}
      day={asked.day}
      monday={mondayOf(asked.day)}
      notes={notes}
    />,
    signedIn(c, `Schedule: ${asked.day}`, 'schedule'),
  );
});
