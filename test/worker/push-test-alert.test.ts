import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session } from './admin-helpers';
import { forgetAllDevices, officeSession, pushesTo, readPush, setPushMode, subscribeDevice } from './push-helpers';

/** "Send a test alert" on the Alerts page: to this person's own devices only, at once, and the page says what happened. */

beforeEach(forgetAllDevices);

const devicesOf = async (personId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE person_id = ?')
    .bind(personId)
    .first<{ n: number }>())!.n;

const sendTest = async (session: Session) => {
  const res = await postForm(session, '/admin/alerts/test', {});
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const page = (await (await request(location, { cookie: session.cookie })).text()).replace(/<!-- -->/g, '');
  return { location, page };
};

describe('a test alert', () => {
  it('goes to each of the person’s devices and to nobody else’s, and the page says so', async () => {
    const me = await officeSession();
    const other = await officeSession();
    const phone = await subscribeDevice(me);
    const tablet = await subscribeDevice(me);
    const theirs = await subscribeDevice(other);
    const before = await (await request('/admin/alerts', { cookie: me.cookie })).text();
    expect(before).toContain('Send a test alert');

    const { location, page } = await sendTest(me);
    expect(location).toBe('/admin/alerts?test=2-0-0#test');
    expect(page).toContain('A test alert went to 2 devices. It should show within a few seconds');
    for (const device of [phone, tablet]) {
      const pushes = await pushesTo(device);
      expect(pushes).toHaveLength(1);
      const alert = await readPush(pushes[0]!, device);
      expect(alert.title).toBe('Test alert');
      expect(alert.url).toBe('/admin/alerts');
    }
    expect(await pushesTo(theirs)).toEqual([]);
    // Nothing queued: a test alert is not stored.
    expect((await env.DB.prepare('SELECT count(*) AS n FROM push_messages').first<{ n: number }>())!.n).toBe(0);
    takeLogs('info', 'test alert sent');
  }, 30_000);

  it('says what failed: a device gone from its browser is removed, one whose push service is down is named', async () => {
    const me = await officeSession();
    const gone = await subscribeDevice(me, 'gone');
    const down = await subscribeDevice(me, 'down');
    const fine = await subscribeDevice(me);
    const { location, page } = await sendTest(me);
    expect(location).toBe('/admin/alerts?test=1-1-1#test');
    expect(page).toContain('A test alert went to 1 device.');
    expect(page).toContain('1 device could not be reached: the push service did not accept the alert.');
    expect(page).toContain('1 device had turned alerts off in its browser and is now off your list.');
    expect(await devicesOf(me.personId)).toBe(2);
    expect(await pushesTo(fine)).toHaveLength(1);
    await setPushMode(gone, 'accept');
    await setPushMode(down, 'accept');
    takeLogs('warn', 'test alert failed');
    takeLogs('info', 'test alert sent');
  }, 30_000);

  it('with no device on, sends nothing and says how to turn one on', async () => {
    const me = await officeSession();
    const { location, page } = await sendTest(me);
    expect(location).toBe('/admin/alerts?test=0-0-0#test');
    expect(page).toContain('No test alert was sent: you have no devices with alerts on.');
    takeLogs('info', 'test alert sent');
  }, 30_000);
});
