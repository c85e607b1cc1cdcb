import { describe, expect, it } from 'vitest';
import { expectAdminHeaders, request, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';

/** Two defects an adversarial sweep found: inherited names as notices, and wrong methods without a session. */

const INHERITED = ['toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty'];

describe('a notice in the query string', () => {
  it.each(INHERITED)(
    '?notice=%s is ignored on the leads, lead, posts and media pages (200, no notice)',
    { timeout: 20_000 },
    async (name) => {
      const session = await signIn();
      const lead = await insertLead();
      for (const path of ['/admin/leads', `/admin/leads/${lead.id}`, '/admin/posts', '/admin/media']) {
        const res = await request(`${path}?notice=${name}`, { cookie: session.cookie });
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html, path).not.toContain('admin-notice');
        expect(html, path).not.toContain('function');
      }
    },
  );

  it('a known notice still shows', async () => {
    const session = await signIn();
    const html = await (await request('/admin/posts?notice=deleted', { cookie: session.cookie })).text();
    expect(html).toContain('The post was deleted.');
  });
});

describe('a wrong method on an admin path', () => {
  const cases = [
    ['/admin/leads', 'GET, HEAD'],
    ['/admin/posts', 'GET, HEAD, POST'],
    ['/admin/login', 'GET, HEAD, POST'],
    ['/admin/logout', 'POST'],
  ] as const;
  for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    it.each(cases)(`${method} %s without a session answers 405 with Allow, as with one`, async (path, allow) => {
      const without = await request(path, { method });
      expect(without.status).toBe(405);
      expect(without.headers.get('allow')).toBe(allow);
      expect(without.headers.get('location')).toBeNull();
      expectAdminHeaders(without);
      expect(await without.text()).toContain('Method Not Allowed');
      const session = await signIn();
      const withSession = await request(path, { method, cookie: session.cookie });
      expect(withSession.status).toBe(405);
      expect(withSession.headers.get('allow')).toBe(allow);
    });
  }

  it('an unknown admin path with a wrong method is a 404, not a redirect', async () => {
    const res = await request('/admin/no-such-page', { method: 'PUT' });
    expect(res.status).toBe(404);
  });
});
