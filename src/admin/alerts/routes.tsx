import { type Context, Hono } from 'hono';
import { type AlertChoices, alertSettingsOf, saveAlertSettingsIfCurrent } from '../../db/alert-settings';
import { d1Database } from '../../db/client';
import { listAllSubscriptions, listSubscriptionsOf, removeSubscription, saveSubscription } from '../../db/push-subscriptions';
import { errorResponse } from '../../http/errors';
import { pushConfig } from '../../push/config';
import { sendTestAlert, type TestAlertResult } from '../../push/test-alert';
import { checkSubscription, MAX_SUBSCRIPTIONS_PER_PERSON, SUBSCRIPTION_MESSAGES } from '../../rules/push-subscription';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { deviceName } from '../auth/device-name';
import { ALERTS_PATH } from '../shell/home';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { ALERTS_NOTICES, AlertsPage } from './AlertsPage';
import { ALERTS_API, ALERTS_QUIET_PATH, ALERTS_SETTINGS_PATH, ALERTS_TEST_PATH } from './paths';
import { parseAlertSettings, parseQuietHours, versionOf } from './settings-form';
import { staleSettingsMessage } from './stale-settings';

/**
 * The Alerts page (issue 36): each person's devices with alerts on, and their choice of alerts
 * and quiet hours; the owner also sees and may turn off anyone's device. Office staff get the
 * same choices. Engineers (issue 47) turn alerts on and off for their own devices and send a test
 * alert, for the alerts about their own jobs; the office's alerts are not theirs, so neither are
 * the choices about them: they choose only their quiet hours. The guard has checked the session and, on every POST, its CSRF token.
 */
export const alertRoutes = new Hono<AdminEnv>();
declareAccess(alertRoutes, { who: 'engineer', except: { [ALERTS_SETTINGS_PATH]: 'staff' } });

type Ctx = Context<AdminEnv>;

async function alertsPage(c: Ctx, extra: { error?: string; status?: 200 | 400 | 409; test?: TestAlertResult | null } = {}) {
  const db = d1Database(c.env);
  const person = c.var.person;
  const isOwner = person.role === 'owner';
  const isEngineer = person.role === 'engineer';
  const [own, all, settings] = await Promise.all([
    listSubscriptionsOf(db, person.id),
    isOwner ? listAllSubscriptions(db) : Promise.resolve(null),
    alertSettingsOf(db, person.id),
  ]);
  return renderAdmin(
    <AlertsPage
      csrf={c.var.session.csrf}
      publicKey={pushConfig(c.env)?.publicKey ?? null}
      own={own}
      sessionId={c.var.session.id}
      others={all ? all.filter((row) => row.subscription.personId !== person.id) : null}
      engineer={isEngineer}
      settings={settings}
      notice={noticeFrom(ALERTS_NOTICES, c.req.query('notice'))}
      error={extra.error}
      test={extra.test ?? testResultOf(c.req.query('test'))}
    />,
    signedIn(c, 'Alerts', 'alerts'),
    extra.status ?? 200,
  );
}

alertRoutes.get(ALERTS_PATH, (c) => alertsPage(c));

/** What a test alert did, carried in the address it redirects to: 'sent-failed-gone'. */
const testResultOf = (raw: string | undefined): TestAlertResult | null => {
  const match = raw ? /^(\d{1,2})-(\d{1,2})-(\d{1,2})$/.exec(raw) : null;
  return match ? { sent: Number(match[1]), failed: Number(match[2]), gone: Number(match[3]) } : null;
};

/** "Send a test alert": to this person's own devices, at once; the page then says what happened to each. */
alertRoutes.post(ALERTS_TEST_PATH, async (c) => {
  const result = await sendTestAlert(c.env, c.var.person.id);
  if (!result) return alertsPage(c, { error: 'Alerts are not set up on this website yet.', status: 400 });
  return c.redirect(`${ALERTS_PATH}?test=${result.sent}-${result.failed}-${result.gone}#test`, 303);
});

/** This browser's subscription, from the island: checked as hostile input, then stored for the person signed in. */
alertRoutes.post(ALERTS_API.subscribe, async (c) => {
  const config = pushConfig(c.env);
  if (!config) return c.json({ error: 'Alerts are not set up on this website yet.' }, 409);
  const body = await c.req.parseBody();
  const checked = await checkSubscription(body, config.allowLoopback);
  if (!checked.ok) return c.json({ error: checked.message }, 400);
  const device = deviceName(c.req.header('user-agent'));
  const saved = await saveSubscription(
    d1Database(c.env),
    { personId: c.var.person.id, sessionId: c.var.session.id },
    checked.subscription,
    device,
    Date.now(),
    MAX_SUBSCRIPTIONS_PER_PERSON,
  );
  if (saved === 'too-many') return c.json({ error: SUBSCRIPTION_MESSAGES.tooMany }, 409);
  if (saved === 'taken-by-other') return c.json({ error: SUBSCRIPTION_MESSAGES.takenByOther }, 409);
  await audit(c, 'alerts-on', 'person', c.var.person.id);
  return c.json({ ok: true, redirect: `${ALERTS_PATH}?notice=on` });
});

/** This browser turning its own alerts off: its subscription, found by endpoint among the person's own. */
alertRoutes.post(ALERTS_API.unsubscribe, async (c) => {
  const body = await c.req.parseBody();
  const endpoint = typeof body.endpoint === 'string' ? body.endpoint.slice(0, 1001) : '';
  const db = d1Database(c.env);
  const mine = (await listSubscriptionsOf(db, c.var.person.id)).find((row) => row.endpoint === endpoint);
  if (!mine) return c.json({ error: 'This device has no alerts on for you.' }, 404);
  await removeSubscription(db, mine.id, c.var.person.id);
  await audit(c, 'alerts-off', 'push-subscription', mine.id);
  return c.json({ ok: true, redirect: `${ALERTS_PATH}?notice=off` });
});

/** Turns a device off by id: your own, or (the owner) anyone's; any other id is a 404 and nothing changes. */
alertRoutes.post(`${ALERTS_PATH}/devices/:id/remove`, async (c) => {
  const raw = c.req.param('id');
  const id = /^[1-9]\d{0,12}$/.test(raw) ? Number(raw) : null;
  const person = c.var.person;
  if (id === null || !(await removeSubscription(d1Database(c.env), id, person.role === 'owner' ? null : person.id))) {
    return errorResponse(asAppContext(c), 404);
  }
  await audit(c, 'alerts-off', 'push-subscription', id);
  return c.redirect(`${ALERTS_PATH}?notice=removed`, 303);
});

/**
 * Saves this person's settings if the form was read from them as they are now; otherwise nothing
 * changes and the page comes back (409) saying when they were changed and what they now say.
 */
async function saveSettings(c: Ctx, fields: Partial<AlertChoices>, version: string | null, done: string) {
  const db = d1Database(c.env);
  const person = c.var.person;
  const now = Date.now();
  if (version === null || !(await saveAlertSettingsIfCurrent(db, person.id, version, fields, now))) {
    const current = await alertSettingsOf(db, person.id);
    return alertsPage(c, { error: staleSettingsMessage(current, person.role !== 'engineer', now), status: 409 });
  }
  await audit(c, 'alert-settings-saved', 'person', person.id);
  return c.redirect(done, 303);
}

/** The office's form: which alerts come, and the quiet hours. */
alertRoutes.post(ALERTS_SETTINGS_PATH, async (c) => {
  const body = await c.req.parseBody();
  const parsed = parseAlertSettings(body);
  if (!parsed.ok) return alertsPage(c, { error: parsed.error, status: 400 });
  return saveSettings(c, parsed.choices, versionOf(body), `${ALERTS_PATH}?notice=saved#settings`);
});

/** An engineer's form: the quiet hours alone; any choices kept from an office role stay as they were (and unused). */
alertRoutes.post(ALERTS_QUIET_PATH, async (c) => {
  const body = await c.req.parseBody();
  const parsed = parseQuietHours(body);
  if (!parsed.ok) return alertsPage(c, { error: parsed.error, status: 400 });
  return saveSettings(c, parsed.choices, versionOf(body), `${ALERTS_PATH}?notice=quiet#quiet`);
});
