import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { expectAdminHeaders } from './admin-helpers';

/** With no usable ADMIN_TOKEN the admin is closed: every path, every method, no cookie. */

describe('without ADMIN_TOKEN', () => {
  const call = (path: string, token: string | undefined, init: RequestInit = {}) =>
    worker.fetch(
      new Request(`https://www.example.com${path}`, { redirect: 'manual', ...init }),
      { ...env, ADMIN_TOKEN: token },
      createExecutionContext(),
    );

  it.each([undefined, '', 'too-short'])('the admin is closed (token %j)', async (token) => {
    for (const path of ['/admin', '/admin/login', '/admin/posts']) {
      const res = await call(path, token);
      expect(res.status).toBe(503);
      expectAdminHeaders(res);
      expect(await res.text()).toContain('The admin is not configured');
    }
    const signIn = await call('/admin/login', token, {
      method: 'POST',
      headers: { Origin: 'https://www.example.com' },
      body: new URLSearchParams({ token: '' }),
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const csv = await call('/admin/leads.csv', token);
    expect(csv.status).toBe(503);
    expect(await csv.json()).toEqual({ error: 'The admin is not configured.' });
  });
});
