import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';
import type { PushSubscriptionRow } from '../db/schema';
import type { PushConfig } from './config';

/**
 * One alert to one device, as the Web Push protocol has it (RFC 8030): the payload encrypted to
 * the device's keys (RFC 8291 aes128gcm, padded to 4096 octets so its length says nothing) and a
 * VAPID header signed with our private key (RFC 8292), by @block65/webcrypto-web-push on
 * WebCrypto. Like the mailer it never throws: the result says whether the push service took it,
 * whether the subscription is gone for good (404, 410: remove it), or whether a retry may help.
 */
export type PushResult = { ok: true } | { ok: false; gone: boolean; retryable: boolean; reason: string };

/** How long a push service keeps an alert for a phone that is off: a day, the longest a VAPID token may live. */
const TTL_SECONDS = 24 * 60 * 60;

export async function sendPush(
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  payload: unknown,
  config: PushConfig,
  urgent: boolean,
): Promise<PushResult> {
  const keys = { p256dh: subscription.p256dh, auth: subscription.auth };
  let headers: Record<string, string>;
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await encryptNotification(
      { endpoint: subscription.endpoint, expirationTime: null, keys },
      new TextEncoder().encode(JSON.stringify(payload)),
    );
    // The library signs only for https endpoints (RFC 8030); a loopback stand-in, allowed in
    // development and the tests, is signed as its https twin, so its token says https://127.0.0.1:port.
    const signedFor = subscription.endpoint.replace(/^http:\/\/127\.0\.0\.1([:/])/, 'https://127.0.0.1$1');
    ({ headers } = await vapidHeaders(
      { endpoint: signedFor, expirationTime: null, keys },
      { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
    ));
  } catch (error) {
    // Our keys or theirs cannot be used: no retry will change that.
    return {
      ok: false,
      gone: false,
      retryable: false,
      reason: `could not encrypt: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let response: Response;
  try {
    response = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: {
        ...headers,
        TTL: String(TTL_SECONDS),
        Urgency: urgent ? 'high' : 'normal',
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, gone: false, retryable: true, reason: `timed out after ${config.timeoutMs} ms` };
    }
    return {
      ok: false,
      gone: false,
      retryable: true,
      reason: `network error: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  // The push service's answer is never shown or logged beyond its status: it may echo the endpoint.
  await response.body?.cancel();
  if (response.ok) return { ok: true };
  const { status } = response;
  const reason = `HTTP ${status}`;
  if (status === 404 || status === 410) return { ok: false, gone: true, retryable: false, reason };
  return { ok: false, gone: false, retryable: status === 429 || status >= 500, reason };
}
