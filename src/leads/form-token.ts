import type { Bindings } from '../env';
import { fromBase64Url, toBase64Url } from '../rules/base64url';
import { confirmationsOn } from './confirmations';
import type { FormState } from './form-state';
import type { LeadFormName } from './schemas';

/**
 * The minimum fill time, carried in a signed token: the server signs "form.issuedAt" with
 * HMAC-SHA256 (WebCrypto) when it renders a form, and a submission must come back at least
 * MIN_FILL_MS later with the signature intact. Tokens do not expire, so a page cached at the
 * edge or a tab left open overnight still works; the rate limit bounds any replay.
 */
export const MIN_FILL_MS = 2000;
/** Clock skew tolerated between isolates before a token "from the future" is refused. */
const MAX_SKEW_MS = 60_000;
/** Used only when FORM_SIGNING_SECRET is not set (local development). */
const DEVELOPMENT_SECRET = 'development-only-form-signing-secret';

export type TokenCheck = 'ok' | 'missing' | 'invalid' | 'too-fast';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export const signingSecret = (env: Pick<Bindings, 'FORM_SIGNING_SECRET'>) => env.FORM_SIGNING_SECRET || DEVELOPMENT_SECRET;

export async function issueFormToken(secret: string, form: LeadFormName, issuedAt: number): Promise<string> {
  const payload = `${form}.${Math.floor(issuedAt)}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(signature)}`;
}

export async function checkFormToken(secret: string, form: LeadFormName, token: unknown, now: number): Promise<TokenCheck> {
  if (typeof token !== 'string' || token === '') return 'missing';
  const match = /^(contact|quote)\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || match[1] !== form) return 'invalid';
  const signature = fromBase64Url(match[3]!);
  // HMAC-SHA256: 32 bytes.
  if (signature?.length !== 32) return 'invalid';
  const payload = `${match[1]}.${match[2]}`;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(payload));
  if (!valid) return 'invalid';
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
 * response (routes mark such pages with FORM_TOKEN_HEADER, src/http/cache-control.ts). The placeholder is plain
 * ASCII, the same in the hidden input and in the island's JSON props.
 */
export const formTokenPlaceholder = (form: LeadFormName) => `__form_token_${form}__`;

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
