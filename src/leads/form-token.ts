import type { Bindings } from '../env';
import { hmacKey, hmacSign, hmacVerify } from '../rules/hmac';
import { confirmationsOn } from './confirmations';
import type { FormState } from './form-state';
import type { LeadFormName } from './schemas';

/**
 * The minimum fill time, carried in a signed token: the server signs "form.issuedAt" with
 * HMAC-SHA256 (hmacSign, under FORM_SIGNING_SECRET) when it renders a form, and a submission must come back at least
 * MIN_FILL_MS later with the signature intact. Tokens do not expire, so a page cached at the
 * edge or a tab left open overnight still works; the rate limit bounds any replay.
 */
export const MIN_FILL_MS = 2000;
/** Clock skew tolerated between isolates before a token "from the future" is refused. */
const MAX_SKEW_MS = 60_000;
/** Used only when FORM_SIGNING_SECRET is not set (local development). */
const DEVELOPMENT_SECRET = 'development-only-form-signing-secret';

export type TokenCheck = 'ok' | 'missing' | 'invalid' | 'too-fast';

export const signingSecret = (env: Pick<Bindings, 'FORM_SIGNING_SECRET'>) => env.FORM_SIGNING_SECRET || DEVELOPMENT_SECRET;

export async function issueFormToken(secret: string, form: LeadFormName, issuedAt: number): Promise<string> {
  const payload = `${form}.${Math.floor(issuedAt)}`;
  return `${payload}.${await hmacSign(await hmacKey(secret), payload)}`;
}

export async function checkFormToken(secret: string, form: LeadFormName, token: unknown, now: number): Promise<TokenCheck> {
  if (typeof token !== 'string' || token === '') return 'missing';
  const match = /^(contact|quote)\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || match[1] !== form) return 'invalid';
  if (!(await hmacVerify(await hmacKey(secret), `${match[1]}.${match[2]}`, match[3]!))) return 'invalid';
  const issuedAt = Number(match[2]);
  if (issuedAt > now + MAX_SKEW_MS) return 'invalid';
  return now - issuedAt < MIN_FILL_MS ? 'too-fast' : 'ok';
}

/** Turnstile runs only when both of its keys are configured. */
export const turnstileEnabled = (env: Pick<Bindings, 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY'>) =>
  Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);

/**
 * Form pages are rendered once and kept by the page cache, so they carry this placeholder in
 * place of the token; pageCache swaps in a freshly signed token on every
 * response (routes mark such pages with FORM_TOKEN_HEADER). The placeholder is plain
 * ASCII, the same in the hidden input and in the island's JSON props.
 */
const formTokenPlaceholder = (form: LeadFormName) => `__form_token_${form}__`;

/** Swaps each form's placeholder for a token issued now. */
export async function fillFormTokens(
  html: string,
  env: Pick<Bindings, 'FORM_SIGNING_SECRET'>,
  now = Date.now(),
): Promise<string> {
  let out = html;
  for (const form of ['contact', 'quote'] as const) {
    const placeholder = formTokenPlaceholder(form);
    if (out.includes(placeholder)) out = out.replaceAll(placeholder, await issueFormToken(signingSecret(env), form, now));
  }
  return out;
}

/** A form page's state before the cache: the placeholder token (filled per response). */
export function cacheableFormState(env: Bindings, form: LeadFormName): FormState {
  return {
    values: {},
    errors: {},
    token: formTokenPlaceholder(form),
    ...(turnstileEnabled(env) ? { turnstileSiteKey: env.TURNSTILE_SITE_KEY } : {}),
    ...(confirmationsOn(env) ? { confirmationEmail: true } : {}),
  };
}

/** A fresh form for a page: a new token, and the Turnstile site key when it is on. */
export async function newFormState(
  env: Bindings,
  form: LeadFormName,
  base: Pick<FormState, 'values' | 'errors'> = { values: {}, errors: {} },
  now = Date.now(),
): Promise<FormState> {
  return {
    ...base,
    token: await issueFormToken(signingSecret(env), form, now),
    ...(turnstileEnabled(env) ? { turnstileSiteKey: env.TURNSTILE_SITE_KEY } : {}),
    ...(confirmationsOn(env) ? { confirmationEmail: true } : {}),
  };
}
