import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { createSession } from '../../src/admin/auth/session';
import type { Role } from '../../src/db/schema';

/** Shared by the admin tests: requests through the real Worker (exports.default.fetch), cookies by hand. */

export const ORIGIN = 'https://www.example.com';
export const TOKEN = 'test-admin-token-0123456789';

/** Each sign-in from its own address, so the per-IP sign-in limit never links two tests. */
export const freshIp = () => `2001:db8:ad::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

export interface Session {
  cookie: string;
  csrf: string;
}

export interface RequestOptions {
  method?: string;
  cookie?: string;
  ip?: string;
  body?: BodyInit;
  /** Defaults to our own origin for POSTs; null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export function request(path: string, options: RequestOptions = {}) {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  const headers = new Headers(options.headers);
  headers.set('CF-Connecting-IP', options.ip ?? freshIp());
  if (options.cookie) headers.set('Cookie', options.cookie);
  const origin = options.origin === undefined ? (method === 'POST' ? ORIGIN : null) : options.origin;
  if (origin) headers.set('Origin', origin);
  return exports.default.fetch(`${ORIGIN}${path}`, { method, headers, body: options.body, redirect: 'manual' });
}

/** The `name=value` part of the session's Set-Cookie header. */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /(__Host-bcp_admin=[^;]*)/.exec(header);
  expect(match, `no session cookie in: ${header}`).not.toBeNull();
  return match![1]!;
}

export function signInRequest(token: string, ip = freshIp(), extra: Record<string, string> = {}) {
  return request('/admin/login', { body: new URLSearchParams({ token, ...extra }), ip });
}

export const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** Signs in with the right token and reads the CSRF token from a signed-in page. */
export async function signIn(): Promise<Session> {
  const res = await signInRequest(TOKEN);
  expect(res.status).toBe(303);
  const cookie = sessionCookieOf(res);
  const page = await request('/admin/posts', { cookie });
  expect(page.status).toBe(200);
  const csrf = csrfOf(await page.text());
  expect(csrf).toBeTruthy();
  return { cookie, csrf: csrf! };
}

/** The hidden `name` field's value in a page's HTML (the first form that has one). */
const hiddenField = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

/** What a person types in the booking form's address field when the lead has none (`BookingFields`), unless a test gives one. */
const STAND_IN_ADDRESS = '1 Test Street, Poole BH14 0AA';

/**
 * The version a form carries, read from the page that shows it, as a browser would have it: a
 * lead's status, assignment and undo forms carry the lead's (`version`), the post editor its
 * post's (`revision`). Nothing for other forms, or when the fields already name one. A booking of
 * a lead without an address also carries the address its form then requires, as a person would
 * fill it in (`STAND_IN_ADDRESS`), unless the fields name one (an empty one too).
 */
export async function versionFieldsFor(
  session: Pick<Session, 'cookie'>,
  path: string,
  fields: Record<string, string>,
): Promise<Record<string, string>> {
  const lead = /^\/admin\/leads\/([^/?]+)\/(?:status|assign|undo-done)$/.exec(path);
  const booking = lead && path.endsWith('/status') && fields.status === 'booked' && !('address' in fields);
  if (lead && (!('version' in fields) || booking)) {
    const html = await (await request(`/admin/leads/${lead[1]}`, { cookie: session.cookie })).text();
    const carried: Record<string, string> = {};
    const version = 'version' in fields ? undefined : hiddenField(html, 'version');
    if (version !== undefined) carried.version = version;
    if (booking && /<input[^>]*name="address"/.test(html)) carried.address = STAND_IN_ADDRESS;
    return carried;
  }
  const post = /^\/admin\/posts\/(\d+)$/.exec(path);
  if (post && !('revision' in fields)) {
    const revision = await formVersionOnPage(session, `/admin/posts/${post[1]}/edit`, 'revision');
    return revision === undefined ? {} : { revision };
  }
  return {};
}

/** The hidden `name` field's value on an admin page (the first form that has one). */
export async function formVersionOnPage(session: Pick<Session, 'cookie'>, path: string, name: string) {
  return hiddenField(await (await request(path, { cookie: session.cookie })).text(), name);
}

/** A form post as the admin's pages send it: multipart (the editor) or urlencoded (the rest), with the version its page gave it. */
export async function postForm(
  session: Session,
  path: string,
  fields: Record<string, string>,
  options: { multipart?: boolean; csrf?: string | null; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const all = { ...(await versionFieldsFor(session, path, fields)), ...fields };
  const csrf = options.csrf === undefined ? session.csrf : options.csrf;
  if (csrf !== null) all._csrf = csrf;
  let body: BodyInit;
  if (options.multipart) {
    const data = new FormData();
    for (const [key, value] of Object.entries(all)) data.set(key, value);
    body = data;
  } else {
    body = new URLSearchParams(all);
  }
  return request(path, { cookie: session.cookie, body, origin: options.origin, headers: options.headers });
}

export function expectAdminHeaders(res: Response) {
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(res.headers.get('cache-control')).toContain('no-store');
}

export const tag = () => crypto.randomUUID().slice(0, 8);

export type PostFields = Record<
  | 'title'
  | 'slug'
  | 'excerpt'
  | 'image_url'
  | 'image_alt'
  | 'published_at'
  | 'category'
  | 'format'
  | 'content'
  | 'author'
  | 'keywords'
  | 'intent',
  string
>;

/** The editor's fields for a valid post; override any. */
export function postFields(overrides: Partial<PostFields> = {}): PostFields {
  const t = tag();
  return {
    title: `Admin test post ${t}`,
    slug: '',
    excerpt: `Excerpt for ${t}.`,
    image_url: '/images/blog/blocked-drains.svg',
    image_alt: 'A blocked drain',
    published_at: '2025-06-01T10:00',
    category: 'Maintenance',
    format: 'html',
    content: `<p>Body of ${t}.</p>`,
    author: 'Mark Dawson',
    keywords: '',
    intent: 'save',
    ...overrides,
  };
}

/** Creates a post through the admin; returns its id (from the redirect to its editor). */
export async function createPost(session: Session, fields: Record<string, string>): Promise<number> {
  const res = await postForm(session, '/admin/posts', fields, { multipart: true });
  expect(res.status, await res.clone().text()).toBe(303);
  const location = res.headers.get('location') ?? '';
  const match = /^\/admin\/posts\/(\d+)\/edit\?saved=created$/.exec(location);
  expect(match, location).not.toBeNull();
  return Number(match![1]);
}

/** A signed-in person of this role, made as an accepted invitation makes one (a person row and a session). */
export async function personWithSession(role: Role, name = `${role} ${tag()}`): Promise<Session & { id: number; name: string }> {
  const row = await env.DB.prepare('INSERT INTO people (name, email, role, created_at) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(name, `${role}.${tag()}@example.org`, role, Date.now())
    .first<{ id: number }>();
  const person = { id: row!.id, name, role };
  const { value, session } = await createSession(env, TOKEN, { person, method: 'passkey', remember: false, device: 'Test' });
  return { cookie: `__Host-bcp_admin=${value}`, csrf: session.csrf, id: person.id, name };
}

/** A signed-in office person. */
export const officeSession = () => personWithSession('office', `Office ${tag()}`);
