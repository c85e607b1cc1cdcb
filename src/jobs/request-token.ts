import type { Bindings } from '../env';
import { signingSecret } from '../leads/form-token';
import { hmacKey, hmacSign, hmacVerify } from '../rules/hmac';
import { isClosed, type JobStatus } from '../rules/job-status';

/**
 * The customer's request link /r/<token>: the lead's random request key (never its id) and an
 * HMAC-SHA256 of it (the first 16 bytes) under a key derived from FORM_SIGNING_SECRET for this
 * use alone. A token that was not signed here is refused before the database is asked. The link
 * lasts while the job is open and 30 days after it is done or lost.
 */
const REQUEST_LINK_DAYS_AFTER_CLOSE = 30;
const DAY_MS = 86_400_000;

/** A link carries the first 16 bytes of the HMAC: 22 characters, enough against guessing, short in an e-mail. */
const SIGNATURE_BYTES = 16;

/** The key for links alone: FORM_SIGNING_SECRET prefixed, so a link's signature is never a form token's. */
const linkKey = (env: Pick<Bindings, 'FORM_SIGNING_SECRET'>) => hmacKey(`request-link:${signingSecret(env)}`);

export async function requestToken(env: Pick<Bindings, 'FORM_SIGNING_SECRET'>, requestKey: string): Promise<string> {
  return `${requestKey}.${await hmacSign(await linkKey(env), requestKey, SIGNATURE_BYTES)}`;
}

/** The request key a token carries when its signature is ours, else null. Compared in constant time. */
export async function requestKeyOf(env: Pick<Bindings, 'FORM_SIGNING_SECRET'>, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  // The last character carries spare bits: hmacVerify accepts only the one spelling we issue.
  return (await hmacVerify(await linkKey(env), match[1]!, match[2]!, SIGNATURE_BYTES)) ? match[1]! : null;
}

/** Whether the link still works: open jobs always, closed ones for 30 days after closing. */
export function requestLinkLive(lead: { jobStatus: JobStatus; handledAt: number | null }, now: number): boolean {
  if (!isClosed(lead.jobStatus)) return true;
  return lead.handledAt !== null && now < lead.handledAt + REQUEST_LINK_DAYS_AFTER_CLOSE * DAY_MS;
}

export const requestPath = (token: string) => `/r/${token}`;
