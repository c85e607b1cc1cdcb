import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { PushMode, ReceivedPush } from '../support/push-server';
import { b64url, type DeviceKeys, decryptPush, makeDeviceKeys } from '../support/web-push-decrypt';
import { personWithSession, postForm, request, type Session, tag } from './admin-helpers';

/** Shared by the alert tests: devices invented here, subscribed through the real endpoint, read back from the stand-in push service. */

export const SUBSCRIBE = '/admin/api/alerts/subscribe';

export interface TestDevice extends DeviceKeys {
  name: string;
  endpoint: string;
}

export async function makeDevice(): Promise<TestDevice> {
  const name = `device-${tag()}`;
  return { name, endpoint: `${env.PUSH_SERVER_URL}/push/${name}`, ...(await makeDeviceKeys()) };
}

/** Subscribes a new device for the person of this session, as the Alerts page's island does. */
export async function subscribeDevice(session: Session, mode: PushMode = 'accept'): Promise<TestDevice> {
  const device = await makeDevice();
  await setPushMode(device, mode);
  const res = await postForm(
    session,
    SUBSCRIBE,
    { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    { multipart: true },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return device;
}

export async function setPushMode(device: TestDevice, mode: PushMode) {
  await fetch(`${env.PUSH_SERVER_URL}/__mode`, { method: 'POST', body: JSON.stringify({ device: device.name, mode }) });
}

export async function pushesTo(device: TestDevice): Promise<ReceivedPush[]> {
  return (await fetch(`${env.PUSH_SERVER_URL}/__received?device=${device.name}`)).json();
}

export interface ShownAlert {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** What the device's browser would read from a push: decrypted with the device's private key. */
export async function readPush(push: ReceivedPush, device: TestDevice): Promise<ShownAlert> {
  return JSON.parse(await decryptPush(b64url.decode(push.body), device));
}

/** No devices but those a test makes: every alert goes to every device, so each test starts from none. */
export async function forgetAllDevices() {
  await env.DB.prepare('DELETE FROM push_subscriptions').run();
  await env.DB.prepare('DELETE FROM alert_settings').run();
}

/** A signed-in office person, with the id the alerts' rows carry. */
export async function officeSession(): Promise<Session & { personId: number; name: string }> {
  const { id, ...session } = await personWithSession('office', `Office ${tag()}`);
  return { ...session, personId: id };
}

export async function pushRowsOf(leadId: string) {
  const { results } = await env.DB.prepare('SELECT * FROM push_messages WHERE lead_id = ? ORDER BY created_at').bind(leadId).all<{
    id: string;
    status: string;
    attempts: number;
    next_attempt_at: number | null;
    subscription_id: number;
    kind: string;
  }>();
  return results;
}

/** The version of this person's alert settings their Alerts page's forms carry, read from the page as a browser would. */
export async function alertSettingsVersion(session: Session): Promise<string> {
  const html = await (await request('/admin/alerts', { cookie: session.cookie })).text();
  const match = /name="version" value="(\d*)"/.exec(html);
  expect(match, 'the Alerts page carries the settings version').not.toBeNull();
  return match![1]!;
}

/** Posts an Alerts page settings form (the office's, or an engineer's quiet hours) with the version the page carries now. */
export async function postAlertSettings(session: Session, path: string, fields: Record<string, string>) {
  return postForm(session, path, { version: await alertSettingsVersion(session), ...fields });
}
