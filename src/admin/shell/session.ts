import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Bindings } from '../../env';
import { adminKey, hmacSign, hmacVerify, randomId, secretsMatch } from './crypto';

/**
 * The owner's session: a stateless cookie `v1.<sid>.<issued>.<expires>.<signature>`, signed with
 * HMAC-SHA256 under a key derived from ADMIN_TOKEN. The expiry is inside the signed value, so
 * the cookie's Max-Age is only a convenience. The CSRF token of a session is HMAC(sid) under a
 * second derived key: nothing to store, and it changes with every sign-in.
 */

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const COOKIE_NAME = '__Host-bcp_admin';
/** Shorter tokens are treated as no token at all: the admin stays closed rather than guessable. */
export const MIN_TOKEN_LENGTH = 16;
export { CSRF_FIELD } from './session-fields';

export interface AdminSession {
  sid: string;
  issuedAt: number;
  expiresAt: number;
  csrf: string;
}

/** The configured token, or null when the admin is closed (unset or too short). */
export function adminToken(env: Pick<Bindings, 'ADMIN_TOKEN'>): string | null {
  const token = env.ADMIN_TOKEN?.trim() ?? '';
  return token.length >= MIN_TOKEN_LENGTH ? token : null;
}

const csrfFor = async (token: string, sid: string) => hmacSign(await adminKey(token, 'csrf'), `csrf:${sid}`);

export async function createSession(token: string, now = Date.now()): Promise<{ value: string; session: AdminSession }> {
  const sid = randomId();
  const payload = `v1.${sid}.${now}.${now + SESSION_TTL_MS}`;
  const signature = await hmacSign(await adminKey(token, 'session'), payload);
  return {
    value: `${payload}.${signature}`,
    session: { sid, issuedAt: now, expiresAt: now + SESSION_TTL_MS, csrf: await csrfFor(token, sid) },
  };
}

const WHOLE_NUMBER = /^\d{1,15}$/;

/** The session a cookie value proves, or null if it is forged, malformed or expired. */
export async function readSession(token: string, value: string | undefined, now = Date.now()): Promise<AdminSession | null> {
  if (!value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 5) return null;
  const [version, sid, issued, expires, signature] = parts as [string, string, string, string, string];
  if (version !== 'v1' || !/^[A-Za-z0-9_-]{22}$/.test(sid) || !WHOLE_NUMBER.test(issued) || !WHOLE_NUMBER.test(expires)) {
    return null;
  }
  const payload = `${version}.${sid}.${issued}.${expires}`;
  if (!(await hmacVerify(await adminKey(token, 'session'), payload, signature))) return null;
  const issuedAt = Number(issued);
  const expiresAt = Number(expires);
  // A minute of clock skew between isolates, and never longer than one session's life.
  if (expiresAt <= now || issuedAt > now + 60_000 || expiresAt - issuedAt > SESSION_TTL_MS) return null;
  return { sid, issuedAt, expiresAt, csrf: await csrfFor(token, sid) };
}

export async function csrfMatches(session: AdminSession, given: unknown): Promise<boolean> {
  if (typeof given !== 'string' || given.length === 0 || given.length > 100) return false;
  return secretsMatch(given, session.csrf);
}

export const sessionCookieValue = (c: Context) => getCookie(c, COOKIE_NAME);

/**
 * __Host-: Secure, Path=/ and no Domain, so no subdomain or plain-http page can set or read it;
 * HttpOnly keeps it from scripts; SameSite=Strict keeps it off every cross-site request.
 */
export function sessionCookieHeader(value: string, maxAgeSeconds: number): string {
  return `${COOKIE_NAME}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

export const setSessionCookie = (c: Context, value: string) =>
  c.header('Set-Cookie', sessionCookieHeader(value, Math.floor(SESSION_TTL_MS / 1000)), { append: true });

export const clearSessionCookie = (c: Context) => c.header('Set-Cookie', sessionCookieHeader('', 0), { append: true });
