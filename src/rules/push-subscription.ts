import { fromBase64Url } from './base64url';

/**
 * What a browser's push subscription must be before it is stored (issues 36, 47). The endpoint is
 * where the Worker will POST, so it is checked as hostile: https on one of the known push services
 * only, unless loopback is allowed for local development and the tests (PUSH_ALLOW_LOOPBACK), and
 * then only http://127.0.0.1. The keys are exactly what RFC 8291 says: a point on P-256 (65 bytes,
 * uncompressed; WebCrypto must accept it) and a 16-byte auth secret, base64url.
 */
const MAX_ENDPOINT_LENGTH = 1000;
/** Subscriptions one person may keep: a phone, a tablet, a laptop or two. */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 5;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const SUBSCRIPTION_MESSAGES = {
  endpoint:
    'This browser gave a push address that is not one of the known push services (Google, Mozilla, Apple, Microsoft), so alerts cannot be sent to it.',
  keys: "This browser's push keys are not valid, so alerts could not be encrypted for it.",
  takenByOther:
    'This device has alerts on for someone else. They can turn them off on their Alerts page, or sign out on this device, first.',
  tooMany: `You already have ${MAX_SUBSCRIPTIONS_PER_PERSON} devices with alerts on. Turn one off first.`,
} as const;

/**
 * The push services browsers use: Google's (Chrome, Edge on Android, most others), Mozilla's, Apple's
 * and Microsoft's. An endpoint on any other host is refused: the Worker never posts to an address a
 * browser did not get from one of these, so a posted subscription cannot aim it at this network.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com'];
const PUSH_SERVICE_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function knownPushService(host: string): boolean {
  if (PUSH_SERVICE_HOSTS.includes(host)) return true;
  const suffix = PUSH_SERVICE_SUFFIXES.find((end) => host.endsWith(end));
  if (!suffix) return false;
  // One or more ordinary labels before the suffix: no empty label, so never "..push.apple.com".
  return host
    .slice(0, -suffix.length)
    .split('.')
    .every((label) => LABEL.test(label));
}

/**
 * The endpoint as a URL when it may be posted to; null otherwise. The URL parser has already
 * lowercased the host and dropped a default port; a trailing dot, any other port, a user name or
 * password, or an IP literal is never what a push service hands a browser, so each is refused.
 */
export function pushEndpointUrl(endpoint: string, allowLoopback: boolean): URL | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return url;
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return knownPushService(url.hostname) ? url : null;
}

const keyOfLength = (value: string, length: number) => {
  const bytes = value.length <= 100 ? fromBase64Url(value.replace(/=+$/, '')) : null;
  return bytes !== null && bytes.byteLength === length ? bytes : null;
};

export type SubscriptionCheck =
  | { ok: true; subscription: PushSubscriptionInput }
  | { ok: false; message: (typeof SUBSCRIPTION_MESSAGES)[keyof typeof SUBSCRIPTION_MESSAGES] };

/** A P-256 public key WebCrypto accepts: 65 bytes that start with 4 and lie on the curve. */
async function onP256(point: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (point[0] !== 0x04) return false;
  try {
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
    return true;
  } catch {
    return false;
  }
}

/** Checks the three fields a browser's PushSubscription.toJSON() gives. */
export async function checkSubscription(fields: Record<string, unknown>, allowLoopback: boolean): Promise<SubscriptionCheck> {
  const { endpoint, p256dh, auth } = fields;
  if (typeof endpoint !== 'string' || !pushEndpointUrl(endpoint, allowLoopback)) {
    return { ok: false, message: SUBSCRIPTION_MESSAGES.endpoint };
  }
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return { ok: false, message: SUBSCRIPTION_MESSAGES.keys };
  const point = keyOfLength(p256dh, 65);
  if (!point || !(await onP256(point)) || !keyOfLength(auth, 16)) return { ok: false, message: SUBSCRIPTION_MESSAGES.keys };
  return { ok: true, subscription: { endpoint, p256dh: p256dh.replace(/=+$/, ''), auth: auth.replace(/=+$/, '') } };
}
