import { Hono } from 'hono';
import { answerTimesOf, answerTimesQuery } from '../../db/answer-times';
import { d1Database } from '../../db/client';
import { jobsBySource, leadCountsByWeek, tapCountsByWeek } from '../../db/dashboard';
import { noticesToShow } from '../../db/erasure-notices';
import { bookingsOn, countWithStatus, leadsToContact, rebooksAsked } from '../../db/today';
import { addDays, londonDay } from '../../rules/uk-time';
import { declareAccess } from '../auth/access';
import { SCHEDULE_PATH } from '../schedule/paths';
import { ADMIN_HOME } from '../shell/home';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { answerSpeedByWeek } from './answer-speed';
import { DashboardPage } from './DashboardPage';
import { dashboardFigures } from './figures';
import { readMoney } from './money';
import { lastWeeks } from './weeks';

/** The dashboard: the admin's first page. */
export const dashboardRoutes = new Hono<AdminEnv>();
/** The dashboard is the first page of the office and the owner; an engineer's first page is their schedule. */
declareAccess(dashboardRoutes, { who: 'engineer' });

dashboardRoutes.get('/admin', (c) => c.redirect(c.var.person.role === 'engineer' ? SCHEDULE_PATH : ADMIN_HOME, 303));

/** Leads waiting for a call (not contacted, or asked to rebook) shown on the first screen; the rest are one link away. */
const TO_CONTACT_SHOWN = 8;

dashboardRoutes.get(ADMIN_HOME, async (c) => {
  // The figures are the business's money and leads: not an engineer's.
  if (c.var.person.role === 'engineer') return c.redirect(SCHEDULE_PATH, 303);
  const now = Date.now();
  const weeks = lastWeeks(now);
  const today = londonDay(now);
  const tomorrow = addDays(today, 1);
  const db = d1Database(c.env);
  // The money block's reads, beside the lead figures' (a module of its own).
  const money = readMoney(c.env, now, c.var.person.role === 'owner');
  // The figures' statements go to D1 together, one round trip (the lists of leads to contact,
  // whose columns share names with their engineer's, are read beside them).
  const [[leadRows, tapRows, jobs, answerRows, bookings, rebooks, [rebooksTotal], [toContactTotal], erasureNotices], toContact] =
    await Promise.all([
      db.batch([
        leadCountsByWeek(db, weeks),
        tapCountsByWeek(db, weeks),
        jobsBySource(db, weeks),
        answerTimesQuery(db, weeks),
        bookingsOn(db, [today, tomorrow]),
        rebooksAsked(db, TO_CONTACT_SHOWN),
        countWithStatus(db, 'rebook'),
        countWithStatus(db, 'new'),
        noticesToShow(db, now),
      ]),
      leadsToContact(db, TO_CONTACT_SHOWN),
    ]);
  const doNow = {
    toContact,
    toContactTotal: toContactTotal?.n ?? 0,
    rebooks,
    rebooksTotal: rebooksTotal?.n ?? 0,
    bookings,
    today,
    tomorrow,
    now,
    erasureNotices,
    csrf: c.get('session').csrf,
  };
  return renderAdmin(
    <DashboardPage
      figures={dashboardFigures(leadRows, tapRows, weeks.length)}
      weeks={weeks}
      doNow={doNow}
      jobs={jobs}
      answerSpeed={answerSpeedByWeek(answerTimesOf(answerRows), weeks.length)}
      money={await money}
    />,
    signedIn(c, 'Dashboard', 'dashboard'),
  );
});
