import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSession, REMEMBERED_IDLE_MS, SESSION_IDLE_MS } from '../../src/admin/auth/session';
import { csrfOf, postForm, request, TOKEN } from './admin-helpers';

/**
 * "30 days unused": every use of a session moves its cookie's expiry on with it, on whatever page
 * the use lands, so a phone used every week stays signed in until its 90 days are up.
 */

const OWNER = { id: 1, name: 'Owner', role: 'owner' as const };

/** A session last used two minutes ago (it is renewed at most once a minute). */
async function sessionUsedEarlier(remember: boolean) {
  const earlier = Date.now() - 2 * 60_000;
  const { value, session } = await createSession(
    env,
    TOKEN,
    { person: OWNER, method: 'token', remember, device: 'Test' },
    earlier,
  );
  return { value, cookie: `__Host-bcp_admin=${value}`, id: session.id };
}

const usedEarlier = (id: number) =>
  env.DB.prepare('UPDATE admin_sessions SET last_used_at = ? WHERE id = ?')
    .bind(Date.now() - 2 * 60_000, id)
    .run();

const lastUsed = async (id: number) =>
  (await env.DB.prepare('SELECT last_used_at AS at FROM admin_sessions WHERE id = ?').bind(id).first<{ at: number }>())!.at;

describe('the session cookie', () => {
  it.each(['/admin/dashboard', '/admin/leads', '/admin/posts', '/admin/devices', '/admin/site'])(
    'is renewed for 30 days on an ordinary admin page: %s',
    async (path) => {
      const { value, cookie, id } = await sessionUsedEarlier(true);
      const before = await lastUsed(id);
      const res = await request(path, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([
        `__Host-bcp_admin=${value}; Max-Age=${REMEMBERED_IDLE_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Strict`,
      ]);
      expect(await lastUsed(id)).toBeGreaterThan(before);
      await res.body?.cancel();
    },
  );

  it('is renewed for 12 hours when the device was not remembered, and on a form post too', async () => {
    const { value, cookie, id } = await sessionUsedEarlier(false);
    const page = await request('/admin/devices', { cookie });
    expect(page.headers.getSetCookie()).toEqual([
      `__Host-bcp_admin=${value}; Max-Age=${SESSION_IDLE_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Strict`,
    ]);
    const csrf = csrfOf(await page.text())!;
    // Used again a minute later: a form post (answered with a redirect) renews it once.
    await usedEarlier(id);
    const post = await postForm({ cookie, csrf }, '/admin/devices/end-others', {});
    expect(post.status).toBe(303);
    expect(post.headers.getSetCookie()).toEqual([
      `__Host-bcp_admin=${value}; Max-Age=${SESSION_IDLE_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Strict`,
    ]);
  });

  it('is not renewed within a minute of its last use, and signing out clears it rather than renewing it', async () => {
    const { cookie, id } = await sessionUsedEarlier(true);
    const first = await request('/admin/devices', { cookie });
    const csrf = csrfOf(await first.text())!;
    const again = await request('/admin/leads', { cookie });
    expect(again.headers.getSetCookie()).toEqual([]);
    await again.body?.cancel();
    await usedEarlier(id);
    const out = await postForm({ cookie, csrf }, '/admin/logout', {});
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie()).toEqual(['__Host-bcp_admin=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict']);
  });
});
