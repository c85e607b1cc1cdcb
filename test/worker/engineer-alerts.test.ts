import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { bookingWords } from '../../src/rules/job-status';
import { pad2, ukClock } from '../../src/rules/uk-time';
import { sendDuePhoneAlerts } from '../../src/scheduled';
import { ORIGIN, personWithSession, postForm, request, type Session, signIn } from './admin-helpers';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';
import { postJson, quoteLead } from './leads-helpers';
import { forgetAllDevices, pushesTo, pushRowsOf, readPush, subscribeDevice } from './push-helpers';

/**
 * An engineer's own Alerts page (issue 47): they turn alerts on for their devices and send a test
 * alert, for the alerts about their own jobs; they see no one else's devices and no choices about
 * the office's alerts, which never reach them.
 */

beforeEach(forgetAllDevices);

const alertsPage = async (session: Session) => {
  const res = await request('/admin/alerts', { cookie: session.cookie });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, '') };
};

const devicesOf = async (personId: number) =>
  (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE person_id = ?').bind(personId).all<{ id: number }>()).results;

describe('an engineer’s alerts', () => {
  it('are turned on from their own Alerts page, which shows only their devices and the alerts about their jobs', async () => {
    const owner = await signIn();
    const ownersDevice = await subscribeDevice(owner);
    const engineer = await personWithSession('engineer');
    const before = await alertsPage(engineer);
    expect(before.status).toBe(200);
    expect(before.html).toContain('A job given to you, moved, or taken off you: an alert on your phone within seconds');
    expect(before.html).toContain('Your devices with alerts on');
    expect(before.html).toContain('None yet.');
    expect(before.html).toContain('Send a test alert');
    // No choices about the office's alerts, and nobody else's devices.
    for (const words of [
      'A new request',
      'New requests',
      'Which alerts, and when',
      'Save alert settings',
      "Other people's devices",
    ]) {
      expect(before.html).not.toContain(words);
    }

    const phone = await subscribeDevice(engineer);
    const after = await alertsPage(engineer);
    expect(after.html.match(/Alerts on since/g)).toHaveLength(1);
    expect(after.html).not.toContain('None yet.');
    expect(await devicesOf(engineer.id)).toHaveLength(1);

    // The test alert reaches their phone.
    expect((await postForm(engineer, '/admin/alerts/test', {})).headers.get('location')).toBe('/admin/alerts?test=1-0-0#test');
    const [test] = await pushesTo(phone);
    expect((await readPush(test!, phone)).title).toBe('Test alert');
    expect(await pushesTo(ownersDevice)).toHaveLength(0);

    // The office's alert settings, and the owner's device, stay out of their reach.
    const settings = await postForm(engineer, '/admin/alerts/settings', { newLeads: 'yes' });
    expect(settings.status).toBe(403);
    const ownersId = (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?')
      .bind(ownersDevice.endpoint)
      .first<{ id: number }>())!.id;
    expect((await postForm(engineer, `/admin/alerts/devices/${ownersId}/remove`, {})).status).toBe(404);
    expect(await env.DB.prepare('SELECT id FROM push_subscriptions WHERE id = ?').bind(ownersId).first()).not.toBeNull();
  }, 30_000);

  it('never bring the office’s alert of a new request, while a job given to them does come', async () => {
    const owner = await signIn();
    const ownersDevice = await subscribeDevice(owner);
    const engineer = await personWithSession('engineer');
    const phone = await subscribeDevice(engineer);

    const res = await postJson('/api/quote', await quoteLead());
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    await vi.waitFor(async () => expect(await pushesTo(ownersDevice)).toHaveLength(1));
    expect((await readPush((await pushesTo(ownersDevice))[0]!, ownersDevice)).title).toMatch(/^New request from /);
    expect(await pushesTo(phone)).toHaveLength(0);

    const day = ukDay(23);
    const booked = await adminPost(owner, statusPath(id), {
      status: 'booked',
      ...GO_ON,
      day,
      window: '08-10',
      person: String(engineer.id),
    });
    expect(booked.status).toBe(303);
    await vi.waitFor(async () => expect(await pushesTo(phone)).toHaveLength(1));
    const given = await readPush((await pushesTo(phone))[0]!, phone);
    expect(given.title).toBe(`New job for you: ${bookingWords({ day, from: '08:00', to: '10:00' })}`);
    expect(given.url).toBe(`/admin/leads/${id}`);
    // Still the one alert on the owner's phone: a job given to someone else is not an office alert.
    expect(await pushesTo(ownersDevice)).toHaveLength(1);
  }, 30_000);

  it('nor one held for quiet hours while they were office staff and sent after they became an engineer', async () => {
    const owner = await signIn();
    const office = await personWithSession('office');
    const phone = await subscribeDevice(office);
    const hour = ukClock(Date.now()).hour;
    const quiet = { newLeads: 'yes', quietFrom: `${pad2(hour)}:00`, quietTo: `${pad2((hour + 2) % 24)}:00` };
    expect((await postForm(office, '/admin/alerts/settings', quiet)).status).toBe(303);
    const res = await postJson('/api/quote', await quoteLead());
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const [held] = await pushRowsOf(id);
    expect(held).toMatchObject({ status: 'pending', kind: 'new-lead' });

    expect((await adminPost(owner, `/admin/people/${office.id}/role`, { role: 'engineer' })).status).toBe(303);
    await sendDuePhoneAlerts(env, held!.next_attempt_at!);
    expect(await pushesTo(phone)).toHaveLength(0);
  }, 30_000);
});

describe('a website without alert keys', () => {
  /** The Alerts page of a Worker deployed without VAPID keys. */
  const pageWithoutKeys = async (session: Session) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/admin/alerts`, { headers: { Cookie: session.cookie, 'CF-Connecting-IP': '2001:db8:51::7' } }),
      { ...env, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return (await res.text()).replace(/<!-- -->/g, '');
  };

  it('tells an engineer to ask the owner, and the owner who can turn alerts on, in words without keys or jargon for the engineer', async () => {
    const engineer = await personWithSession('engineer');
    const engineersPage = await pageWithoutKeys(engineer);
    expect(engineersPage).toContain('Alerts are not set up on this website yet. Ask the owner.');
    expect(engineersPage).not.toContain('VAPID');
    const ownersPage = await pageWithoutKeys(await signIn());
    expect(ownersPage).toContain('whoever looks after the website needs to add its alert keys');
    expect(ownersPage).not.toContain('Ask the owner.');
  });
});
