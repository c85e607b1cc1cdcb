import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_PERSON } from '../../src/rules/push-subscription';
import { formatLondon } from '../../src/rules/uk-time';
import { takeLogs } from '../support/console-guard';
import { b64url } from '../support/web-push-decrypt';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { forgetAllDevices, makeDevice, officeSession, SUBSCRIBE, subscribeDevice } from './push-helpers';

/** Turning alerts on and off (issue 36): what a browser may store, and who may remove what. Refused input stores nothing. */

beforeEach(forgetAllDevices);

const devices = async () => (await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions').first<{ n: number }>())!.n;

describe('a subscription from the Alerts page', () => {
  it('is stored for the person and device, listed on the page, and turned off again by that browser', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const page = await (await request('/admin/alerts', { cookie: owner.cookie })).text();
    expect(page).toContain('Your devices with alerts on');
    expect(page).toContain('Unknown browser');
    expect(page).toContain('Turn on alerts on this phone');
    const off = await postForm(owner, '/admin/api/alerts/unsubscribe', { endpoint: device.endpoint }, { multipart: true });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ok: true, redirect: '/admin/alerts?notice=off' });
    expect(await devices()).toBe(0);
    // The first request of the file loads the admin's code.
  }, 30_000);

  it('keeps its "Alerts on since" date and "Last alert" time when the same device is linked again; someone else taking it over starts anew', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const since = Date.UTC(2026, 0, 15, 10, 30);
    const lastAlert = Date.UTC(2026, 1, 3, 21, 5);
    await env.DB.prepare('UPDATE push_subscriptions SET created_at = ?, last_sent_at = ? WHERE endpoint = ?')
      .bind(since, lastAlert, device.endpoint)
      .run();
    const link = (session: Session) =>
      postForm(session, SUBSCRIBE, { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }, { multipart: true });
    const alertsPage = async (session: Session) => (await request('/admin/alerts', { cookie: session.cookie })).text();
    const sinceOn = async (session: Session) => /Alerts on since ([^<]+)</.exec(await alertsPage(session))?.[1];
    const lastAlertOn = async (session: Session) => /(Last alert [^<]+|No alert yet)</.exec(await alertsPage(session))?.[1];
    expect(await lastAlertOn(owner)).toBe(`Last alert ${formatLondon(lastAlert)}`);
    // Linked again, from a new sign-in on the same browser: one device, its first date, its last alert.
    const again = await signIn();
    expect((await link(again)).status).toBe(200);
    expect(await devices()).toBe(1);
    expect(await sinceOn(again)).toBe(formatLondon(since));
    expect(await lastAlertOn(again)).toBe(`Last alert ${formatLondon(lastAlert)}`);
    // Someone else signs in on that browser and turns alerts on: theirs from now.
    const office = await officeSession();
    const before = Date.now();
    expect((await link(office)).status).toBe(200);
    expect(await devices()).toBe(1);
    const row = (await env.DB.prepare('SELECT person_id, created_at FROM push_subscriptions WHERE endpoint = ?')
      .bind(device.endpoint)
      .first<{ person_id: number; created_at: number }>())!;
    expect(row.person_id).toBe(office.personId);
    expect(row.created_at).toBeGreaterThanOrEqual(before);
    expect(await sinceOn(office)).toBe(formatLondon(row.created_at));
    expect(await lastAlertOn(office)).toBe('No alert yet');
  });

  it('refuses, with a message and nothing stored, an endpoint that is not a known push service or keys that are not keys', async () => {
    const owner = await signIn();
    const good = await makeDevice();
    const notService = /not one of the known push services/;
    // 65 bytes that start as an uncompressed point does but lie off the curve: (1, 1) is not on P-256.
    const offCurve = new Uint8Array(65);
    offCurve[0] = 4;
    offCurve[32] = 1;
    offCurve[64] = 1;
    const cases: [Record<string, string>, RegExp][] = [
      [{ endpoint: 'http://push.example.com/x' }, notService],
      [{ endpoint: 'https://push.example.com/x' }, notService],
      [{ endpoint: 'https://8.8.8.8/push' }, notService],
      [{ endpoint: 'https://10.0.0.7/push/x' }, notService],
      [{ endpoint: 'https://192.168.1.1/push/x' }, notService],
      [{ endpoint: 'https://169.254.169.254/latest' }, notService],
      [{ endpoint: 'https://localhost/push' }, notService],
      [{ endpoint: 'https://localhost./push' }, notService],
      [{ endpoint: 'https://metadata.google.internal./computeMetadata/v1/' }, notService],
      [{ endpoint: 'https://10.0.0.7.nip.io/push' }, notService],
      [{ endpoint: 'https://fcm.googleapis.com.127.0.0.1.nip.io/fcm/send/x' }, notService],
      [{ endpoint: 'https://FCM.GoogleAPIs.com.:443/fcm/send/x' }, notService],
      [{ endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, notService],
      [{ endpoint: 'https://owner@fcm.googleapis.com/fcm/send/x' }, notService],
      [{ endpoint: 'https://evilpush.apple.com/x' }, notService],
      [{ endpoint: 'https://[::1]/push' }, notService],
      [{ endpoint: 'http://127.0.0.2:9/push/x' }, notService],
      [{ endpoint: `https://fcm.googleapis.com/${'a'.repeat(1000)}` }, notService],
      [{ endpoint: 'javascript:alert(1)' }, notService],
      [{ p256dh: good.p256dh.slice(0, 40) }, /push keys are not valid/],
      [{ p256dh: `${good.p256dh}${'A'.repeat(200)}` }, /push keys are not valid/],
      [{ p256dh: good.p256dh.replace(/^.../, 'Ag0') }, /push keys are not valid/],
      [{ p256dh: b64url.encode(offCurve) }, /push keys are not valid/],
      [{ auth: 'not base64!' }, /push keys are not valid/],
      [{ auth: `${good.auth}AAAA` }, /push keys are not valid/],
    ];
    for (const [change, message] of cases) {
      const fields = { endpoint: good.endpoint, p256dh: good.p256dh, auth: good.auth, ...change };
      const res = await postForm(owner, SUBSCRIBE, fields, { multipart: true });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect(await devices()).toBe(0);
  });

  it('refuses a post without the CSRF token', async () => {
    const owner = await signIn();
    const device = await makeDevice();
    const res = await postForm(
      owner,
      SUBSCRIBE,
      { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
      { multipart: true, csrf: null },
    );
    expect(res.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
    expect(await devices()).toBe(0);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_PERSON} devices per person`, async () => {
    const owner = await signIn();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_PERSON; i++) await subscribeDevice(owner);
    const extra = await makeDevice();
    const res = await postForm(
      owner,
      SUBSCRIBE,
      { endpoint: extra.endpoint, p256dh: extra.p256dh, auth: extra.auth },
      { multipart: true },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      `You already have ${MAX_SUBSCRIPTIONS_PER_PERSON} devices with alerts on. Turn one off first.`,
    );
    expect(await devices()).toBe(MAX_SUBSCRIPTIONS_PER_PERSON);
  });
});

describe('subscriptions sent at once, or for a device that is not yours', () => {
  it(`stores at most ${MAX_SUBSCRIPTIONS_PER_PERSON} devices when 15 subscribes arrive together`, async () => {
    const owner = await signIn();
    const made = await Promise.all(Array.from({ length: 15 }, () => makeDevice()));
    const answers = await Promise.all(
      made.map((device) =>
        postForm(owner, SUBSCRIBE, { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }, { multipart: true }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_SUBSCRIPTIONS_PER_PERSON);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15 - MAX_SUBSCRIPTIONS_PER_PERSON);
    expect(await devices()).toBe(MAX_SUBSCRIPTIONS_PER_PERSON);
  });

  it("refuses another person's endpoint posted without its keys, and the device stays theirs", async () => {
    const owner = await signIn();
    const ownersDevice = await subscribeDevice(owner);
    const rowOf = () =>
      env.DB.prepare('SELECT person_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?')
        .bind(ownersDevice.endpoint)
        .first();
    const before = await rowOf();
    const office = await officeSession();
    const theirs = await makeDevice();
    const res = await postForm(
      office,
      SUBSCRIBE,
      { endpoint: ownersDevice.endpoint, p256dh: theirs.p256dh, auth: theirs.auth },
      { multipart: true },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'This device has alerts on for someone else. They can turn them off on their Alerts page, or sign out on this device, first.',
    );
    expect(before).toMatchObject({ p256dh: ownersDevice.p256dh, auth: ownersDevice.auth });
    expect(await rowOf()).toEqual(before);
    expect(await devices()).toBe(1);
  });
});

describe('turning a device off by id', () => {
  it("office staff cannot remove someone else's device (404, nothing changes); the owner can remove anyone's", async () => {
    const owner = await signIn();
    const office = await officeSession();
    const ownersDevice = await subscribeDevice(owner);
    const officeDevice = await subscribeDevice(office);
    const idOf = async (endpoint: string) =>
      (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first<{ id: number }>())!.id;

    const refused = await postForm(office, `/admin/alerts/devices/${await idOf(ownersDevice.endpoint)}/remove`, {});
    expect(refused.status).toBe(404);
    expect(await devices()).toBe(2);
    // The office page lists only their own.
    const officePage = await (await request('/admin/alerts', { cookie: office.cookie })).text();
    expect(officePage).not.toContain('Other people');

    const ownerPage = await (await request('/admin/alerts', { cookie: owner.cookie })).text();
    expect(ownerPage).toContain('Other people');
    const removed = await postForm(owner, `/admin/alerts/devices/${await idOf(officeDevice.endpoint)}/remove`, {});
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/admin/alerts?notice=removed');
    expect(await devices()).toBe(1);
    expect((await postForm(owner, '/admin/alerts/devices/99999999/remove', {})).status).toBe(404);
  });

  it('refuses quiet hours with only one end, in words, and saves nothing', async () => {
    const owner = await signIn();
    const res = await postForm(owner, '/admin/alerts/settings', { newLeads: 'yes', quietFrom: '22:00', quietTo: '' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose both a start and an end for quiet hours (different times), or neither.');
    expect(await env.DB.prepare('SELECT * FROM alert_settings').first()).toBeNull();
  });
});
