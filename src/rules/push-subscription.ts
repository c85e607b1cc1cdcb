import { fromBase64Url } from './base64url';

/**
 * What a browser's push subscription must be before it is stored (issue 36). The endpoint is
 * where the Worker will POST, so it is checked as hostile: https on a public host name only
 * (never an IP literal in a private, loopback or link-local range, never a bare local name),
 * unless loopback is allowed for local development and the tests (PUSH_ALLOW_LOOPBACK), and
 * then only 127.0.0.1. The keys are exactly what RFC 8291 says: a P-256 public key (65 bytes,
 * uncompressed) and a 16-byte auth secret, base64url.
 */
export const MAX_ENDPOINT_LENGTH = 1000;
/** Subscriptions one person may keep: a phone, a tablet, a laptop or two. */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 5;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const SUBSCRIPTION_MESSAGES = {
  endpoint: 'This browser gave a push address that is not a public https address, so alerts cannot be sent to it.',
  keys: "This browser's push keys are not valid, so alerts could not be encrypted for it.",
  tooMany: `You already have ${MAX_SUBSCRIPTIONS_PER_PERSON} devices with alerts on. Turn one off first.`,
} as const;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Any IPv4 literal is refused except a public one; every IPv6 literal is refused (push services use names). */
function publicIpv4(host: string): boolean {
  const match = IPV4.exec(host);
  if (!match) return false;
  const [a, b] = match.slice(1).map(Number) as [number, number];
  if (match.slice(1).some((part) => Number(part) > 255)) return false;
  const privateRange =
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224;
  return !privateRange;
}

/** The endpoint as a URL when it may be posted to; null otherwise. */
export function pushEndpointUrl(endpoint: string, allowLoopback: boolean): URL | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (allowLoopback && url.protocol === 'http:' && host === '127.0.0.1') return url;
  if (url.protocol !== 'https:') return null;
  if (host.startsWith('[')) return null;
  if (IPV4.test(host)) return publicIpv4(host) ? url : null;
  // A name with no dot, or one of the names that always mean this machine or this network.
  if (!host.includes('.') || /(?:^|\.)(?:localhost|local|internal|home\.arpa)$/.test(host)) return null;
  return url;
}

const keyOfLength = (value: string, length: number) => {
  const bytes = value.length <= 100 ? fromBase64Url(value.replace(/=+$/, '')) : null;
  return bytes !== null && bytes.byteLength === length ? bytes : null;
};

export type SubscriptionCheck =
  | { ok: true; subscription: PushSubscriptionInput }
  | { ok: false; message: (typeof SUBSCRIPTION_MESSAGES)[keyof typeof SUBSCRIPTION_MESSAGES] };

/** Checks the three fields a browser's PushSubscription.toJSON() gives. */
export function checkSubscription(fields: Record<string, unknown>, allowLoopback: boolean): SubscriptionCheck {
  const { endpoint, p256dh, auth } = fields;
  if (typeof endpoint !== 'string' || !pushEndpointUrl(endpoint, allowLoopback)) {
    return { ok: false, message: SUBSCRIPTION_MESSAGES.endpoint };
  }
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return { ok: false, message: SUBSCRIPTION_MESSAGES.keys };
  const point = keyOfLength(p256dh, 65);
  if (point?.[0] !== 0x04 || !keyOfLength(auth, 16)) return { ok: false, message: SUBSCRIPTION_MESSAGES.keys };
  return { ok: true, subscription: { endpoint, p256dh: p256dh.replace(/=+$/, ''), auth: auth.replace(/=+$/, '') } };
}
