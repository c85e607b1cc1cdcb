import { type Context, Hono } from 'hono';
import { endOtherSessions, endSessionOf, listSessionsOf } from '../../db/admin-sessions';
import { d1Database } from '../../db/client';
import { listPasskeysOf } from '../../db/passkeys';
import { sessionsWithAlerts } from '../../db/push-subscriptions';
import { errorResponse } from '../../http/errors';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { renameFromForm } from '../people/rename';
import { DEVICES_PATH } from '../shell/home';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { DEVICES_NOTICES, DevicesPage, type DevicesPageProps } from './DevicesPage';

/** The signed-in person's devices: their sessions (end one, end all others) and their passkeys. */
export const deviceRoutes = new Hono<AdminEnv>();
/** Everyone signed in manages their own devices. */
declareAccess(deviceRoutes, { who: 'engineer' });

type Ctx = Context<AdminEnv>;

async function renderDevices(c: Ctx, props: Partial<DevicesPageProps> = {}, status = 200) {
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
      name={c.var.person.name}
      {...props}
    />,
    signedIn(c, 'Devices', 'devices'),
    status,
  );
}

deviceRoutes.get(DEVICES_PATH, (c) => renderDevices(c, { notice: noticeFrom(DEVICES_NOTICES, c.req.query('notice')) }));

/** Everyone's own name (the owner renames others on People). */
deviceRoutes.post(`${DEVICES_PATH}/name`, async (c) => {
  const renamed = await renameFromForm(c, c.var.person.id, await c.req.parseBody());
  if (!renamed.ok) return renderDevices(c, { error: renamed.error }, renamed.status);
  return c.redirect(`${DEVICES_PATH}?notice=renamed`, 303);
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
