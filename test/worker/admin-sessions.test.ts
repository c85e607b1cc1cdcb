import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSession, REMEMBERED_IDLE_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/admin/auth/session';
import { takeLogs } from '../support/console-guard';
import { csrfOf, freshIp, postForm, request, type Session, sessionCookieOf, signIn, signInRequest, TOKEN } from './admin-helpers';

/** Sessions live in D1: signing out, ending a device and the idle and absolute limits end them at once. */

const OWNER = { id: 1, name: 'Owner', role: 'owner' as const };
const sessionRows = async () => (await env.DB.prepare('SELECT count(*) AS n FROM admin_sessions').first<{ n: number }>())!.n;
const rowsOf = (cookieValue: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM admin_sessions WHERE secret_hash = ?').bind(cookieValue).first<{ n: number }>();

async function sessionAt(remember: boolean, createdAt: number) {
  const { value, session } = await createSession(
    env,
    TOKEN,
    { person: OWNER, method: 'token', remember, device: 'Test' },
    createdAt,
  );
  return { cookie: `__Host-bcp_admin=${value}`, id: session.id };
}

const opens = async (cookie: string) => (await request('/admin/dashboard', { cookie })).status === 200;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInAs(userAgent: string): Promise<Session> {
  const res = await request('/admin/login', {
    body: new URLSearchParams({ token: TOKEN }),
    headers: { 'User-Agent': userAgent },
  });
  const cookie = sessionCookieOf(res);
  const csrf = csrfOf(await (await request('/admin/devices', { cookie })).text())!;
  return { cookie, csrf };
}

describe('signing out', () => {
  it('ends the session on the server: a copy of the cookie opens nothing afterwards', async () => {
    const session = await signIn();
    const copied = session.cookie;
    expect(await opens(copied)).toBe(true);
    const before = await sessionRows();
    const out = await postForm(session, '/admin/logout', {});
    expect(out.status).toBe(303);
    expect(await sessionRows()).toBe(before - 1);
    for (const path of ['/admin/dashboard', '/admin/leads', '/admin/devices']) {
      const res = await request(path, { cookie: copied });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/admin\/login/);
    }
    const post = await postForm(session, '/admin/posts/1/delete', {});
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/admin/login');
  });

  it('stores only a hash of the cookie, never the cookie itself', async () => {
    const { cookie } = await signIn();
    const value = cookie.split('=')[1]!;
    expect(value).toMatch(/^[\w-]{43}$/);
    expect((await rowsOf(value))!.n).toBe(0);
    const all = await env.DB.prepare('SELECT * FROM admin_sessions').all();
    expect(JSON.stringify(all.results)).not.toContain(value);
  });
});

describe('the limits', () => {
  it('a session not remembered ends after 12 hours unused', async () => {
    expect(await opens((await sessionAt(false, Date.now() - SESSION_IDLE_MS + 60_000)).cookie)).toBe(true);
    const idle = await sessionAt(false, Date.now() - SESSION_IDLE_MS - 1000);
    const before = await sessionRows();
    expect(await opens(idle.cookie)).toBe(false);
    // Its row is gone, not only refused.
    expect(await sessionRows()).toBe(before - 1);
  });

  it('a remembered device stays signed in for 30 days unused, not longer', async () => {
    expect(await opens((await sessionAt(true, Date.now() - SESSION_IDLE_MS - 1000)).cookie)).toBe(true);
    expect(await opens((await sessionAt(true, Date.now() - REMEMBERED_IDLE_MS - 1000)).cookie)).toBe(false);
  });

  it('however busy, a session ends 90 days after it began', async () => {
    const old = await sessionAt(true, Date.now() - SESSION_ABSOLUTE_MS - 1000);
    await env.DB.prepare('UPDATE admin_sessions SET last_used_at = ? WHERE id = ?')
      .bind(Date.now() - 1000, old.id)
      .run();
    expect(await opens(old.cookie)).toBe(false);
  });

  it('"Remember this device" sets a 30-day cookie; without it, 12 hours', async () => {
    const remembered = await signInRequest(TOKEN, freshIp(), { remember: 'yes' });
    expect(remembered.headers.get('set-cookie')).toContain(`; Max-Age=${REMEMBERED_IDLE_MS / 1000};`);
    const plain = await signInRequest(TOKEN);
    expect(plain.headers.get('set-cookie')).toContain(`; Max-Age=${SESSION_IDLE_MS / 1000};`);
  });
});

describe('the Devices page', () => {
  it('lists the sessions by browser and ends one, then all others', async () => {
    const phone = await signInAs(ANDROID_CHROME);
    const iphone = await signInAs(IPHONE_SAFARI);
    const desk = await signIn();
    const html = await (await request('/admin/devices', { cookie: desk.cookie })).text();
    expect(html).toContain('Chrome on Android 14');
    expect(html).toContain('Safari on iPhone, iOS 18');
    expect(html).toContain('This device</span>');
    expect(html).toContain('Last seen now');
    expect(html).toMatch(/First seen \d{1,2} \w{3,4} \d{4}, (\d{1,2}(:\d\d)?[ap]m|midnight), with the token/);
    // Each button names the device it signs out; none says "this device" under another one.
    expect(html).toContain('>Sign out Chrome on Android 14</button>');
    expect(html).not.toContain('Sign out this device');
    const ids = [...html.matchAll(/action="\/admin\/devices\/(\d+)\/end"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // The phone's session: end it, and its next request goes to sign-in.
    const phoneHtml = await (await request('/admin/devices', { cookie: phone.cookie })).text();
    expect(phoneHtml).toContain('This device</span>');
    const phoneRow = await env.DB.prepare(
      "SELECT id FROM admin_sessions WHERE device = 'Chrome on Android 14' ORDER BY id DESC",
    ).first<{ id: number }>();
    const ended = await postForm(desk, `/admin/devices/${phoneRow!.id}/end`, {});
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe('/admin/devices?notice=ended');
    expect(await opens(phone.cookie)).toBe(false);
    expect(await opens(iphone.cookie)).toBe(true);
    const others = await postForm(desk, '/admin/devices/end-others', {});
    expect(others.status).toBe(303);
    expect(await opens(iphone.cookie)).toBe(false);
    expect(await opens(desk.cookie)).toBe(true);
    const after = await (await request('/admin/devices?notice=others-ended', { cookie: desk.cookie })).text();
    expect(after).toContain('Every other device is signed out.');
  });

  it('refuses to end a session that is not there (404) and changes nothing', async () => {
    const desk = await signIn();
    const before = await sessionRows();
    for (const id of ['999999', 'abc', '0']) {
      const res = await postForm(desk, `/admin/devices/${id}/end`, {});
      expect(res.status, id).toBe(404);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('works without JavaScript: plain forms with the CSRF token', async () => {
    const desk = await signIn();
    await signIn();
    const html = await (await request('/admin/devices', { cookie: desk.cookie })).text();
    const forms = html.match(/<form /g) ?? [];
    expect(forms.length).toBeGreaterThan(1);
    expect((html.match(/name="_csrf" value="/g) ?? []).length).toBe(forms.length);
    const refused = await postForm(desk, '/admin/devices/end-others', {}, { csrf: null });
    expect(refused.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
  });
});
