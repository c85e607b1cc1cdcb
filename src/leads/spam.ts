import type { Bindings } from '../env';
import { withinLimit } from '../http/rate-limit';
import { errorText, log } from '../log';
import { HONEYPOT_FIELD, TOKEN_FIELD, TURNSTILE_FIELD } from './field-names';
import { checkFormToken, signingSecret, turnstileEnabled } from './form-token';
import type { LeadFormName } from './schemas';

/** Spam defences that cost a real visitor nothing. */

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * - 'accept': store and send.
 * - 'drop': a bot (honeypot filled, token forged or too fast). It gets the same answer as a
 *   person whose lead was stored, so it learns nothing; nothing is stored.
 * - 'retry': no token at all (a page served without one, or a direct call): the form comes back
 *   with a fresh token and the entries, asking to send again. A person never loses a lead to it.
 * - 'challenge': Turnstile is on and did not pass: the visitor is asked to complete it.
 */
export type SpamVerdict = { action: 'accept' } | { action: 'drop'; rule: string } | { action: 'retry' } | { action: 'challenge' };

export async function judgeSubmission(
  env: Bindings,
  form: LeadFormName,
  body: Record<string, unknown>,
  ip: string,
  now: number,
): Promise<SpamVerdict> {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== '') return { action: 'drop', rule: 'honeypot' };
  const token = await checkFormToken(signingSecret(env), form, body[TOKEN_FIELD], now);
  if (token === 'missing') return { action: 'retry' };
  if (token !== 'ok') return { action: 'drop', rule: `token ${token}` };
  if (turnstileEnabled(env)) {
    const passed = await verifyTurnstile(env.TURNSTILE_SECRET_KEY!, body[TURNSTILE_FIELD], ip);
    if (!passed) return { action: 'challenge' };
  }
  return { action: 'accept' };
}

/**
 * Asks Cloudflare whether the Turnstile response is genuine. If Cloudflare cannot be reached
 * the lead is let through (logged): losing a customer to someone else's outage is worse than
 * one spam e-mail, and the other defences still apply.
 */
async function verifyTurnstile(secret: string, response: unknown, ip: string): Promise<boolean> {
  if (typeof response !== 'string' || response === '' || response.length > 2048) return false;
  const form = new FormData();
  form.set('secret', secret);
  form.set('response', response);
  if (ip !== 'unknown') form.set('remoteip', ip);
  try {
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    const result: { success?: boolean } = await res.json();
    return result.success === true;
  } catch (error) {
    log.warn('turnstile unreachable, letting the lead through', { error: errorText(error) });
    return true;
  }
}

/**
 * The per-IP limit (Workers Rate Limiting binding, 5 a minute, both forms together). Without
 * the binding, or if it fails, the request goes through: the limit protects the inbox, and a
 * broken limiter must not cost a lead.
 */
export const withinRateLimit = (env: Pick<Bindings, 'LEADS_LIMITER'>, ip: string): Promise<boolean> =>
  withinLimit(env.LEADS_LIMITER, `leads:${ip}`);
