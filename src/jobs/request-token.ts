import type { Bindings } from '../env';
import { signingSecret } from '../leads/form-token';
import { fromBase64Url, toBase64Url } from '../rules/base64url';
import { isClosed, type JobStatus } from '../rules/job-status';

/**
 * The customer's request link /r/<token>: the lead's random request key (never its id) and an
 * HMAC-SHA256 of it (the first 16 bytes) under a key derived from FORM_SIGNING_SECRET for this
 * use alone. A token that was not signed here is refused before the database is asked. The link
 * lasts while the job is open and 30 days after it is done or lost.
 */
export const REQUEST_LINK_DAYS_AFTER_CLOSE = 30;
const DAY_MS = 86_400_000;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function requestKeyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(`request-link:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

async function signatureOf(env: Pick<Bindings, 'FORM_SIGNING_SECRET'>, requestKey: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign('HMAC', await requestKeyFor(signingSecret(env)), encoder.encode(requestKey));
  return new Uint8Array(mac).slice(0, 16);
}

export async function requestToken(env: Pick<Bindings, 'FORM_SIGNING_SECRET'>, requestKey: string): Promise<string> {
  return `${requestKey}.${toBase64Url(await signatureOf(env, requestKey))}`;
}

/** The request key a token carries when its signature is ours, else null. Compared in constant time. */
export async function requestKeyOf(env: Pick<Bindings, 'FORM_SIGNING_SECRET'>, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const given = fromBase64Url(match[2]!);
  // The last character carries spare bits: only the one spelling we issue is accepted.
  if (given?.length !== 16 || toBase64Url(given) !== match[2]) return null;
  const expected = await signatureOf(env, match[1]!);
  let difference = 0;
  for (let i = 0; i < 16; i++) difference |= given[i]! ^ expected[i]!;
  return difference === 0 ? match[1]! : null;
}

/** Whether the link still works: open jobs always, closed ones for 30 days after closing. */
export function requestLinkLive(lead: { jobStatus: JobStatus; handledAt: number | null }, now: number): boolean {
  if (!isClosed(lead.jobStatus)) return true;
  return lead.handledAt !== null && now < lead.handledAt + REQUEST_LINK_DAYS_AFTER_CLOSE * DAY_MS;
}

export const requestPath = (token: string) => `/r/${token}`;
