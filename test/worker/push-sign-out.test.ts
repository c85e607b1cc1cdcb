import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSession,
  REMEMBERED_IDLE_MS,
  SESSION_IDLE_MS,
  SESSION_LIMITS,
  type SignedInPerson,
} from '../../src/admin/auth/session';
import { deleteEndedSessions } from '../../src/db/admin-sessions';
import { d1Database } from '../../src/db/client';
import { sendDuePhoneAlerts } from '../../src/scheduled';
import { postForm, request, type Session, signIn, TOKEN } from './admin-helpers';
import { contactLead, postJson } from './leads-helpers';
import { forgetAllDevices, officeSession, pushesTo, SUBSCRIBE, subscribeDevice, type TestDevice } from './push-helpers';

/**
 * A device's alerts belong to the sign-in that turned them on (issue 36): signing that device
 * out, by itself, from another device's Devices page, or by the owner, removes its subscription
 * and nothing more; a session that merely runs out keeps its device's alerts.
 */

beforeEach(forgetAllDevices);

const subscriptionOf = (device: TestDevice) =>
  env.DB.prepare('SELECT id, session_id FROM push_subscriptions WHERE endpoint = ?')
    .bind(device.endpoint)
    .first<{ id: number; session_id: number | null }>();

async function sessionIdOf(device: TestDevice): Promise<number> {
  const row = await subscriptionOf(device);
  expect(row?.session_id).toBeTypeOf('number');
  return row!.session_id!;
}

/** A new request from the public form: the alerts it sends are tried before the test reads the stand-in. */
async function sendLead() {
  const res = await postJson('/api/contact', await contactLead());
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

/** Another sign-in of a person, as a second device of theirs would make. */
async function sessionFor(person: SignedInPerson): Promise<Session> {
  const { value, session } = await createSession(env, TOKEN, { person, method: 'passkey', remember: false, device: 'Test' });
  return { cookie: `__Host-bcp_admin=${value}`, csrf: session.csrf };
}

const alertsPage = async (session: Session) => (await request('/admin/alerts', { cookie: session.cookie })).text();

describe('signing a device out turns its alerts off', () => {
  it('signing out on the device itself removes its alerts, and only its own', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    const phoneDevice = await subscribeDevice(phone);
    const laptopDevice = await subscribeDevice(laptop);
    // A lead's alert waits in the outbox for the phone when it signs out: it goes too.
    await env.DB.prepare(
      "INSERT INTO leads (id, kind, name, email, status, created_at, updated_at) VALUES (?, 'contact', 'Queued', 'q@example.org', 'sent', ?, ?)",
    )
      .bind('00000000-0000-4000-8000-000000000036', Date.now(), Date.now())
      .run();
    await env.DB.prepare(
      "INSERT INTO push_messages (id, subscription_id, lead_id, kind, status, next_attempt_at, created_at, updated_at) VALUES ('queued-36', ?, '00000000-0000-4000-8000-000000000036', 'new-lead', 'retrying', 0, 0, 0)",
    )
      .bind((await subscriptionOf(phoneDevice))!.id)
      .run();

    const out = await postForm(phone, '/admin/logout', {});
    expect(out.status).toBe(303);
    expect(await subscriptionOf(phoneDevice)).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM push_messages WHERE id = 'queued-36'").first()).toBeNull();
    expect(await subscriptionOf(laptopDevice)).not.toBeNull();
    await sendDuePhoneAlerts(env);

    // The next request reaches the laptop alone.
    await sendLead();
    expect(await pushesTo(phoneDevice)).toHaveLength(0);
    expect(await pushesTo(laptopDevice)).toHaveLength(1);
    const page = await alertsPage(laptop);
    expect(page.match(/Alerts on since/g)).toHaveLength(1);
  }, 30_000);

  it('signing a device out from the Devices page of another removes its alerts', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    const phoneDevice = await subscribeDevice(phone);
    const laptopDevice = await subscribeDevice(laptop);
    const phoneSession = await sessionIdOf(phoneDevice);
    // The Devices page says which sign-ins have alerts on: the phone's and this laptop's.
    const devicesPage = await (await request('/admin/devices', { cookie: laptop.cookie })).text();
    expect(devicesPage.match(/>Alerts on</g)).toHaveLength(2);

    const ended = await postForm(laptop, `/admin/devices/${phoneSession}/end`, {});
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe('/admin/devices?notice=ended');
    expect(await subscriptionOf(phoneDevice)).toBeNull();
    expect(await subscriptionOf(laptopDevice)).not.toBeNull();

    // "Sign out all other devices" takes the alerts of every other one, and keeps this one's.
    const tablet = await signIn();
    const tabletDevice = await subscribeDevice(tablet);
    expect((await postForm(laptop, '/admin/devices/end-others', {})).status).toBe(303);
    expect(await subscriptionOf(tabletDevice)).toBeNull();
    expect(await subscriptionOf(laptopDevice)).not.toBeNull();
    await sendLead();
    expect(await pushesTo(laptopDevice)).toHaveLength(1);
    expect(await pushesTo(tabletDevice)).toHaveLength(0);
  }, 30_000);

  it("the owner ending someone's session, or all of them, removes that person's alerts on those devices", async () => {
    const owner = await signIn();
    const office = await officeSession();
    const officeDevice = await subscribeDevice(office);
    const ownerDevice = await subscribeDevice(owner);
    const officeSessionId = await sessionIdOf(officeDevice);
    // The People page marks the office device's sign-in as having alerts on.
    const people = await (await request('/admin/people', { cookie: owner.cookie })).text();
    expect(people).toMatch(new RegExp(`${office.name}[\\s\\S]*>Alerts on<`));

    const ended = await postForm(owner, `/admin/people/${office.personId}/sessions/${officeSessionId}/end`, {});
    expect(ended.status).toBe(303);
    expect(await subscriptionOf(officeDevice)).toBeNull();
    expect(await subscriptionOf(ownerDevice)).not.toBeNull();

    // Signed in again on another device, then signed out everywhere by the owner.
    const again = await sessionFor({ id: office.personId, name: office.name, role: 'office' });
    const laterDevice = await subscribeDevice(again);
    expect((await postForm(owner, `/admin/people/${office.personId}/sessions/end-all`, {})).status).toBe(303);
    expect(await subscriptionOf(laterDevice)).toBeNull();
    expect(await subscriptionOf(ownerDevice)).not.toBeNull();
  }, 30_000);

  it('a session that only runs out keeps its device alerting, by the reading of its cookie and by the cron', async () => {
    const phone = await signIn();
    const phoneDevice = await subscribeDevice(phone);
    const phoneSession = await sessionIdOf(phoneDevice);
    // Unused past its idle limit: the next request with its cookie finds it ended.
    await env.DB.prepare('UPDATE admin_sessions SET last_used_at = ? WHERE id = ?')
      .bind(Date.now() - SESSION_IDLE_MS - 60_000, phoneSession)
      .run();
    const refused = await request('/admin/alerts', { cookie: phone.cookie });
    expect(refused.status).toBe(303);
    expect(await env.DB.prepare('SELECT id FROM admin_sessions WHERE id = ?').bind(phoneSession).first()).toBeNull();
    expect(await subscriptionOf(phoneDevice)).toMatchObject({ session_id: null });

    // The cron's sweep likewise.
    const tablet = await signIn();
    const tabletDevice = await subscribeDevice(tablet);
    const tabletSession = await sessionIdOf(tabletDevice);
    await env.DB.prepare('UPDATE admin_sessions SET last_used_at = ?, remember = 1 WHERE id = ?')
      .bind(Date.now() - REMEMBERED_IDLE_MS - 60_000, tabletSession)
      .run();
    expect(await deleteEndedSessions(d1Database(env), Date.now(), SESSION_LIMITS)).toBeGreaterThanOrEqual(1);
    expect(await subscriptionOf(tabletDevice)).toMatchObject({ session_id: null });

    await sendLead();
    expect(await pushesTo(phoneDevice)).toHaveLength(1);
    expect(await pushesTo(tabletDevice)).toHaveLength(1);

    // Signed in again on the phone, its Alerts page hands the browser's subscription over to the
    // new sign-in (the AlertsButton island), so signing out turns it off once more.
    const phoneAgain = await signIn();
    const page = await alertsPage(phoneAgain);
    expect(page).toContain('Its sign-in has run out: alerts still come until turned off');
    const relinked = await postForm(
      phoneAgain,
      SUBSCRIBE,
      { endpoint: phoneDevice.endpoint, p256dh: phoneDevice.p256dh, auth: phoneDevice.auth },
      { multipart: true },
    );
    expect(relinked.status).toBe(200);
    expect((await subscriptionOf(phoneDevice))?.session_id).toBeTypeOf('number');
    expect((await postForm(phoneAgain, '/admin/logout', {})).status).toBe(303);
    expect(await subscriptionOf(phoneDevice)).toBeNull();
  }, 30_000);
});
