import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSession, SESSION_TTL_MS } from '../../src/admin/auth/session';
import { allLogText, takeLogs } from '../support/console-guard';
import {
  csrfOf,
  expectAdminHeaders,
  freshIp,
  postForm,
  request,
  sessionCookieOf,
  signIn,
  signInRequest,
  TOKEN,
} from './admin-helpers';

/** Who gets in: the sign-in form, the session cookie, throttling, and refusals without a session. */

const PAGES = [
  '/admin',
  '/admin/dashboard',
  '/admin/posts',
  '/admin/posts?page=2',
  '/admin/posts/new',
  '/admin/posts/1/edit',
  '/admin/posts/1/delete',
  '/admin/leads',
  '/admin/no-such-page',
];
const POSTS = [
  '/admin/posts',
  '/admin/posts/1',
  '/admin/posts/1/delete',
  '/admin/leads/x/resend',
  '/admin/leads/x/status',
  '/admin/logout',
];

describe('without a session', () => {
  it.each(PAGES)('GET %s redirects (303) to the sign-in page', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/admin\/login(\?next=|$)/);
    expectAdminHeaders(res);
  });

  it('remembers the page asked for, and only admin pages', async () => {
    const res = await request('/admin/posts/new');
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fposts%2Fnew');
    const form = await (await request('/admin/login?next=https://evil.example/')).text();
    expect(form).not.toContain('evil.example');
  });

  it.each(POSTS)('POST %s redirects to the sign-in page and changes nothing', async (path) => {
    const res = await request(path, { body: new URLSearchParams({ title: 'x', _csrf: 'x' }) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login');
  });

  it('the CSV export answers 401 JSON', async () => {
    const res = await request('/admin/leads.csv');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'Sign in first.' });
    expectAdminHeaders(res);
  });
});

describe('signing in', () => {
  it('shows a noindex, uncached sign-in form', async () => {
    const res = await request('/admin/login');
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('type="password"');
    expect(html).not.toMatch(/style="/);
  });

  it('sets a random __Host- session cookie: HttpOnly, Secure, SameSite=Strict, Path=/, 12 hours', async () => {
    const res = await signInRequest(TOKEN);
    expect(res.status).toBe(303);
    // The dashboard is the admin's first page.
    expect(res.headers.get('location')).toBe('/admin/dashboard');
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/^__Host-bcp_admin=[\w-]{43}; /);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; Secure');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Path=/');
    expect(header).toContain(`; Max-Age=${SESSION_TTL_MS / 1000}`);
    expect(header).not.toMatch(/domain=/i);
    const page = await request('/admin/posts', { cookie: sessionCookieOf(res) });
    expect(page.status).toBe(200);
    expectAdminHeaders(page);
  });

  it('goes on to the page asked for', async () => {
    const res = await signInRequest(TOKEN, freshIp(), { next: '/admin/leads?status=new' });
    expect(res.headers.get('location')).toBe('/admin/leads?status=new');
    const evil = await signInRequest(TOKEN, freshIp(), { next: '//evil.example/admin' });
    expect(evil.headers.get('location')).toBe('/admin/dashboard');
  });

  it('refuses a wrong token without a cookie, and logs without the value', async () => {
    const res = await signInRequest('wrong-token-guess-123456');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('That token is not right');
    expect(takeLogs('warn', 'admin sign-in failed')).toEqual([{ level: 'warn', msg: 'admin sign-in failed' }]);
    expect(allLogText()).not.toContain('wrong-token-guess');
  });

  it('throttles repeated attempts from one address (429), even with the right token then', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signInRequest(`wrong-${i}-token-abcdefgh`, ip)).status).toBe(401);
    const blocked = await signInRequest(TOKEN, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('60');
    expect(blocked.headers.get('set-cookie')).toBeNull();
    expect(await blocked.text()).toContain('Too many sign-in attempts');
    expect(takeLogs('warn', 'admin sign-in failed')).toEqual(Array(5).fill({ level: 'warn', msg: 'admin sign-in failed' }));
    expect(takeLogs('warn', 'admin sign-in throttled')).toEqual([{ level: 'warn', msg: 'admin sign-in throttled' }]);
    // Another address is not affected.
    expect((await signInRequest(TOKEN)).status).toBe(303);
  });

  it('refuses a cross-site sign-in post', async () => {
    const res = await request('/admin/login', { body: new URLSearchParams({ token: TOKEN }), origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('the session cookie', () => {
  const person = { id: 1, name: 'Owner', role: 'owner' as const };
  const sessionFor = (token: string, now = Date.now()) =>
    createSession(env, token, { person, method: 'token', remember: false, device: 'Test' }, now);

  it('is refused when forged, tampered with, made under another token or expired, and then cleared', async () => {
    const { cookie } = await signIn();
    const value = cookie.split('=')[1]!;
    const tampered = `__Host-bcp_admin=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = `__Host-bcp_admin=${'A'.repeat(43)}`;
    const otherKey = `__Host-bcp_admin=${(await sessionFor('another-token-for-another-site')).value}`;
    const expired = `__Host-bcp_admin=${(await sessionFor(TOKEN, Date.now() - SESSION_TTL_MS - 1000)).value}`;
    for (const bad of [tampered, forged, otherKey, expired, '__Host-bcp_admin=garbage', '__Host-bcp_admin=']) {
      const res = await request('/admin/posts', { cookie: bad });
      expect(res.status, bad).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fposts');
      expect(res.headers.get('set-cookie')).toMatch(/^__Host-bcp_admin=; Max-Age=0;/);
    }
    const live = `__Host-bcp_admin=${(await sessionFor(TOKEN)).value}`;
    expect((await request('/admin/posts', { cookie: live })).status).toBe(200);
  });

  it('is cleared by signing out', async () => {
    const session = await signIn();
    const res = await postForm(session, '/admin/logout', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?signed-out');
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-bcp_admin=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    const page = await (await request('/admin/login?signed-out')).text();
    expect(page).toContain('You have signed out.');
  });
});

describe('cross-site requests with a session', () => {
  it('are refused by Origin', async () => {
    const session = await signIn();
    const res = await postForm(session, '/admin/logout', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('are refused without the session CSRF token, or with a wrong or another session one', async () => {
    const session = await signIn();
    const other = await signIn();
    expect(other.csrf).not.toBe(session.csrf);
    for (const csrf of [null, '', 'x'.repeat(43), other.csrf]) {
      const res = await postForm(session, '/admin/logout', {}, { csrf });
      expect(res.status).toBe(403);
      expectAdminHeaders(res);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toContain('That form could not be accepted');
    }
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toEqual(
      Array(4).fill({ level: 'warn', msg: 'admin form refused: CSRF token missing or wrong', path: '/admin/logout' }),
    );
  });

  it('are refused when the browser says the form came from another site', async () => {
    const session = await signIn();
    const res = await postForm(session, '/admin/logout', {}, { headers: { 'Sec-Fetch-Site': 'same-site' } });
    expect(res.status).toBe(403);
  });

  it('every signed-in form carries the token', async () => {
    const session = await signIn();
    for (const path of ['/admin/posts', '/admin/posts/new', '/admin/leads']) {
      const html = await (await request(path, { cookie: session.cookie })).text();
      // Every form that changes something: the inbox's search is a GET and carries none.
      const forms = html.match(/<form [^>]*method="post"/g) ?? [];
      const tokens = html.match(/name="_csrf" value="/g) ?? [];
      expect(forms.length).toBeGreaterThan(0);
      expect(tokens.length).toBe(forms.length);
      expect(csrfOf(html)).toBe(session.csrf);
    }
  });
});
