import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { pad2, ukClock } from '../../src/rules/uk-time';
import { sendDuePhoneAlerts } from '../../src/scheduled';
import { allLogText, takeLogs } from '../support/console-guard';
import { verifyVapid } from '../support/web-push-decrypt';
import { signIn } from './admin-helpers';
import { contactLead, postJson, quoteLead } from './leads-helpers';
import {
  forgetAllDevices,
  postAlertSettings,
  pushesTo,
  pushRowsOf,
  readPush,
  setPushMode,
  subscribeDevice,
} from './push-helpers';

/**
 * Alerts on the owner's phone (issue 36), end to end through the real Worker, its D1 and a push
 * service stand-in on 127.0.0.1: each push is decrypted with the device's own private key, as
 * the phone's browser would, and its VAPID token checked against our public key.
 */

beforeEach(forgetAllDevices);

async function sendLead(form: 'contact' | 'quote', overrides: Record<string, unknown> = {}) {
  const input: Record<string, unknown> = form === 'contact' ? await contactLead(overrides) : await quoteLead(overrides);
  const res = await postJson(`/api/${form}`, input);
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  return { id, name: String(input.name ?? input['full-name']), input };
}

describe('a new request', () => {
  it('reaches a subscribed device within seconds as one encrypted push that names the lead and opens it', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const started = Date.now();
    const lead = await sendLead('quote');

    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push!.at - started).toBeLessThan(5000);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    // Padded to one whole record: the length says nothing about the text.
    expect(Buffer.from(push!.body, 'base64').byteLength).toBe(4096);

    const alert = await readPush(push!, device);
    expect(alert).toEqual({
      title: `New request from ${lead.name}`,
      // The service's title and the town, as the owner's e-mail names them (the later of two towns in the address).
      body: 'CCTV Drain Surveys, Bournemouth',
      url: `/admin/leads/${lead.id}`,
      tag: `new-lead-${lead.id}`,
    });
    // No more than the alert shows: no e-mail, phone, address or message.
    const plain = JSON.stringify(alert);
    for (const secret of [lead.input.email, lead.input.phone, '12 Seaview Road', 'Victorian terrace']) {
      expect(plain).not.toContain(String(secret));
    }
    expect(await pushRowsOf(lead.id)).toMatchObject([{ status: 'sent', attempts: 1, kind: 'new-lead' }]);
    // Nor does the log.
    expect(allLogText()).not.toContain(device.endpoint);
    // The first request of the file loads the admin and the push code: the time that matters is measured above.
  }, 30_000);

  it('signs each push with a VAPID token that verifies against our public key, for that push service, for a day at most', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    await sendLead('contact');
    const [push] = await pushesTo(device);
    const claims = await verifyVapid(String(push!.headers.authorization), env.VAPID_PUBLIC_KEY!);
    // The stand-in is on http://127.0.0.1 (allowed in tests only); its token names the https origin, as RFC 8292 wants.
    expect(claims.aud).toBe(new URL(device.endpoint).origin.replace('http:', 'https:'));
    expect(claims.sub).toBe(env.SITE_ORIGIN);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  });

  it('puts "As soon as possible" first in the title when the customer asked for it', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const lead = await sendLead('contact', { 'best-time': 'asap' });
    const alert = await readPush((await pushesTo(device))[0]!, device);
    expect(alert.title).toBe(`As soon as possible: New request from ${lead.name}`);
    expect(alert.body).toBe('Message');
  });
});

describe('what the push service answers', () => {
  it('410: the subscription is removed at once, and the next lead is not sent to it', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner, 'gone');
    const lead = await sendLead('contact');
    expect(await pushesTo(device)).toHaveLength(1);
    const row = await env.DB.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').bind(device.endpoint).first();
    expect(row).toBeNull();
    expect(await pushRowsOf(lead.id)).toEqual([]);
    expect(takeLogs('info', 'alert device removed: its push service says it is gone')).toHaveLength(1);

    await sendLead('contact');
    expect(await pushesTo(device)).toHaveLength(1);
  });

  it('503: the alert is kept and retried by the cron with backoff, and then arrives', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner, 'down');
    const lead = await sendLead('contact');
    const [first] = await pushRowsOf(lead.id);
    expect(first).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(takeLogs('warn', 'alert failed, will retry')).toMatchObject([{ reason: 'HTTP 503', id: lead.id }]);

    await setPushMode(device, 'accept');
    // Not before its time...
    await sendDuePhoneAlerts(env, first!.next_attempt_at! - 1);
    expect(await pushesTo(device)).toHaveLength(1);
    // ...then it goes.
    await sendDuePhoneAlerts(env, first!.next_attempt_at!);
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(2);
    expect((await readPush(pushes[1]!, device)).url).toBe(`/admin/leads/${lead.id}`);
    expect(await pushRowsOf(lead.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });
});

describe('quiet hours', () => {
  async function quietFromNow(session: Awaited<ReturnType<typeof signIn>>) {
    const hour = ukClock(Date.now()).hour;
    const res = await postAlertSettings(session, '/admin/alerts/settings', {
      newLeads: 'yes',
      customerRequests: 'yes',
      undelivered: 'yes',
      quietFrom: `${pad2(hour)}:00`,
      quietTo: `${pad2((hour + 2) % 24)}:00`,
    });
    expect(res.status).toBe(303);
  }

  it('hold back a normal request until they end', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    await quietFromNow(owner);
    const lead = await sendLead('contact');
    expect(await pushesTo(device)).toHaveLength(0);
    const [held] = await pushRowsOf(lead.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(held!.next_attempt_at! - Date.now()).toBeGreaterThan(60 * 60_000);
    expect(ukClock(held!.next_attempt_at!).minute).toBe(0);

    await sendDuePhoneAlerts(env, held!.next_attempt_at!);
    expect(await pushesTo(device)).toHaveLength(1);
  });

  it('let an "as soon as possible" request through at once', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    await quietFromNow(owner);
    const lead = await sendLead('contact', { 'best-time': 'asap' });
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.urgency).toBe('high');
    expect((await readPush(pushes[0]!, device)).title).toMatch(/^As soon as possible: /);
    expect(await pushRowsOf(lead.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('a person who switched new requests off gets none', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const res = await postAlertSettings(owner, '/admin/alerts/settings', { customerRequests: 'yes', quietFrom: '', quietTo: '' });
    expect(res.status).toBe(303);
    const lead = await sendLead('contact', { 'best-time': 'asap' });
    expect(await pushesTo(device)).toHaveLength(0);
    expect(await pushRowsOf(lead.id)).toEqual([]);
  });
});
