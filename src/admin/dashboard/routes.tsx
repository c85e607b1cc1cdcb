import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { leadCountsByWeek, tapCountsByWeek } from '../../db/dashboard';
import { ADMIN_HOME } from '../shell/home';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { DashboardPage } from './DashboardPage';
import { dashboardFigures } from './figures';
import { lastWeeks } from './weeks';

/** The dashboard: the admin's first page. */
export const dashboardRoutes = new Hono<AdminEnv>();

dashboardRoutes.get(ADMIN_HOME, async (c) => {
  const weeks = lastWeeks(Date.now());
  const db = d1Database(c.env);
  const [leadRows, tapRows] = await Promise.all([leadCountsByWeek(db, weeks), tapCountsByWeek(db, weeks)]);
  return renderAdmin(
    <DashboardPage figures={dashboardFigures(leadRows, tapRows, weeks.length)} weeks={weeks} />,
    signedIn(c, 'Dashboard', 'dashboard'),
  );
});
