import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { expireSession, findSession, insertSession, type NewSession, touchSession } from '../../db/admin-sessions';
import { d1Database } from '../../db/client';
import type { AdminSessionRow, Role } from '../../db/schema';
import type { Bindings } from '../../env';
import { hmacSign } from '../../rules/hmac';
import { adminKey, randomId, secretsMatch } from './crypto';

/**
 * A session lives in D1 (admin_sessions): the __Host- cookie holds a random 256-bit id, the row
 * only its HMAC under a key derived from ADMIN_TOKEN, so a copy of the table signs nobody in and
 * changing the token ends every session. Signing out, ending a device or removing a person
 * deletes rows, and the next request with that cookie finds nothing. The CSRF token of a
 * session is HMAC(id) under a second derived key: nothing more to store.
 */

/** Idle limits: 12 hours, or 30 days on a device the person chose to remember. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const REMEMBERED_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** However busy, a session ends 90 days after it began. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * The cookie of a session not remembered: as long as its idle limit.
 * @alias of SESSION_IDLE_MS, named for the cookie
 */
export const SESSION_TTL_MS = SESSION_IDLE_MS;
export const SESSION_LIMITS = { idle: SESSION_IDLE_MS, rememberedIdle: REMEMBERED_IDLE_MS, absolute: SESSION_ABSOLUTE_MS };
/** last_used_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const COOKIE_NAME = '__Host-bcp_admin';
/** Shorter tokens are treated as no token at all: the admin stays closed rather than guessable. */
const MIN_TOKEN_LENGTH = 16;

export { CSRF_FIELD } from './session-fields';

/** Who is signed in: what every admin handler may read from c.var.person. */
export interface SignedInPerson {
  id: number;
  name: string;
  role: Role;
}

export interface AdminSession {
  id: number;
  person: SignedInPerson;
  method: AdminSessionRow['method'];
  remember: boolean;
  createdAt: number;
  lastUsedAt: number;
  csrf: string;
  /** Set when this request moved last_used_at on: the cookie's Max-Age is renewed with it. */
  touched?: boolean;
}

/** The configured token, or null when the admin is closed (unset or too short). */
export function adminToken(env: Pick<Bindings, 'ADMIN_TOKEN'>): string | null {
  const token = env.ADMIN_TOKEN?.trim() ?? '';
  return token.length >= MIN_TOKEN_LENGTH ? token : null;
}

const secretHashOf = async (token: string, secret: string) => hmacSign(await adminKey(token, 'session'), `session:${secret}`);
const csrfFor = async (token: string, secret: string) => hmacSign(await adminKey(token, 'csrf'), `csrf:${secret}`);
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

const idleLimit = (remember: boolean) => (remember ? REMEMBERED_IDLE_MS : SESSION_IDLE_MS);

export async function createSession(
  env: Pick<Bindings, 'DB'>,
  token: string,
  fields: Omit<NewSession, 'secretHash' | 'personId'> & { person: SignedInPerson },
  now = Date.now(),
): Promise<{ value: string; session: AdminSession }> {
  const secret = randomId(32);
  const { person, ...rest } = fields;
  const row = await insertSession(
    d1Database(env),
    { ...rest, personId: person.id, secretHash: await secretHashOf(token, secret) },
    now,
  );
  return {
    value: secret,
    session: {
      id: row.id,
      person,
      method: row.method,
      remember: row.remember,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      csrf: await csrfFor(token, secret),
    },
  };
}

/**
 * The live session a cookie value names; 'removed' when its person was removed (refused with
 * a page that says so); null when it is unknown, ended or past a limit.
 */
export async function readSession(
  env: Pick<Bindings, 'DB'>,
  token: string,
  value: string | undefined,
  now = Date.now(),
): Promise<AdminSession | 'removed' | null> {
  if (!value || !COOKIE_VALUE.test(value)) return null;
  const db = d1Database(env);
  const found = await findSession(db, await secretHashOf(token, value));
  if (!found) return null;
  const { session, person } = found;
  if (person.removedAt !== null) return 'removed';
  if (now - session.lastUsedAt > idleLimit(session.remember) || now - session.createdAt > SESSION_ABSOLUTE_MS) {
    await expireSession(db, session.id);
    return null;
  }
  const touched = now - session.lastUsedAt >= TOUCH_EVERY_MS;
  if (touched) await touchSession(db, session.id, now);
  return {
    id: session.id,
    person: { id: person.id, name: person.name, role: person.role },
    method: session.method,
    remember: session.remember,
    createdAt: session.createdAt,
    lastUsedAt: touched ? now : session.lastUsedAt,
    csrf: await csrfFor(token, value),
    touched,
  };
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

/** The cookie lives as long as the session may stay idle: the browser forgets it when the server would refuse it. */
export const liveSessionCookieHeader = (value: string, remember: boolean) =>
  sessionCookieHeader(value, Math.floor(idleLimit(remember) / 1000));

export const setSessionCookie = (c: Context, value: string, remember: boolean) =>
  c.header('Set-Cookie', liveSessionCookieHeader(value, remember), { append: true });

export const clearSessionCookie = (c: Context) => c.header('Set-Cookie', sessionCookieHeader('', 0), { append: true });
