import { type Context, Hono } from 'hono';
import { endOtherSessions, endSessionOf, listSessionsOf } from '../../db/admin-sessions';
import { d1Database } from '../../db/client';
import { listPasskeysOf } from '../../db/passkeys';
import { sessionsWithAlerts } from '../../db/push-subscriptions';
import { errorResponse } from '../../http/errors';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { DEVICES_PATH } from '../shell/home';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { DEVICES_NOTICES, DevicesPage } from './DevicesPage';

/** The signed-in person's devices: their sessions (end one, end all others) and their passkeys. */
export const deviceRoutes = new Hono<AdminEnv>();
/** Everyone signed in manages their own devices. */
declareAccess(deviceRoutes, { who: 'engineer' });

type Ctx = Context<AdminEnv>;

deviceRoutes.get(DEVICES_PATH, async (c) => {
  const db = d1Database(c.env);
  const [sessions, passkeys, alertSessions] = await Promise.all([
    listSessionsOf(db, c.var.person.id),
    listPasskeysOf(db, c.var.person.id),
    sessionsWithAlerts(db, c.var.person.id),
  ]);
  return renderAdmin(
    <DevicesPage
      csrf={c.var.session.csrf}
      currentId={c.var.session.id}
      sessions={sessions}
      alertSessions={alertSessions}
      passkeys={passkeys}
      notice={noticeFrom(DEVICES_NOTICES, c.req.query('notice'))}
    />,
    signedIn(c, 'Devices', 'devices'),
  );
});

const sessionIdOf = (c: Ctx) => {
  const raw = c.req.param('id') ?? '';
  return /^[1-9]\d{0,12}$/.test(raw) ? Number(raw) : null;
};

/** Ends one of your own sessions; another person's, or one already ended, is a 404 and nothing changes. */
deviceRoutes.post(`${DEVICES_PATH}/:id/end`, async (c) => {
  const id = sessionIdOf(c);
  if (id === null || id === c.var.session.id) return errorResponse(asAppContext(c), 404);
  if (!(await endSessionOf(d1Database(c.env), c.var.person.id, id))) return errorResponse(asAppContext(c), 404);
  await audit(c, 'session-ended', 'session', id);
  return c.redirect(`${DEVICES_PATH}?notice=ended`, 303);
});

deviceRoutes.post(`${DEVICES_PATH}/end-others`, async (c) => {
  await endOtherSessions(d1Database(c.env), c.var.person.id, c.var.session.id);
  await audit(c, 'sessions-ended', 'person', c.var.person.id);
  return c.redirect(`${DEVICES_PATH}?notice=others-ended`, 303);
});
