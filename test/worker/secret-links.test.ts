import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { requestToken } from '../../src/jobs/request-token';
import { allLogText, takeLogs } from '../support/console-guard';
import { request } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';

/**
 * Links that open something by themselves (a customer's request page, an invitation) carry their
 * key in the path: it must not leave the page in a Referer, nor be written to a log.
 */

/** A lead with a live request link, as booking it would make one; its token. */
async function requestLinkToken() {
  const lead = await insertLead();
  const key = crypto.randomUUID().replaceAll('-', '').slice(0, 22);
  await env.DB.prepare("UPDATE leads SET request_key = ?, job_status = 'booked' WHERE id = ?").bind(key, lead.id).run();
  return requestToken(env, key);
}

/** An invitation-shaped token (43 base64url characters); unknown here, but the log must not keep it either. */
const inviteShapedToken = () =>
  btoa(crypto.randomUUID() + crypto.randomUUID())
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 43);

describe("a request link's page", { timeout: 20_000 }, () => {
  it('answers Referrer-Policy: no-referrer, so its token never leaves in a Referer', async () => {
    const token = await requestLinkToken();
    for (const path of [`/r/${token}`, `/r/${token}/stop`]) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      // The security headers are still there around the route's own.
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.body?.cancel();
    }
  });

  it('answers no-referrer when the token is unknown and when the address is over its limit', async () => {
    const unknown = `/r/${'A'.repeat(22)}.${'B'.repeat(22)}`;
    const ip = '2001:db8:7e5::1';
    let res = await request(unknown, { ip });
    expect(res.status).toBe(404);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // 30 a minute; the limiter's window may turn over once during the loop, so up to 70 tries.
    for (let i = 0; i < 70 && res.status !== 429; i++) {
      await res.body?.cancel();
      res = await request(unknown, { ip });
    }
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    await res.body?.cancel();
  });

  it('leaves every other page with the site-wide policy', async () => {
    const res = await request('/faq');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    await res.body?.cancel();
  });
});

describe('the request log', { timeout: 20_000 }, () => {
  it('writes request links and invitations with their token masked', async () => {
    const token = await requestLinkToken();
    const invite = inviteShapedToken();
    const answers = [
      await request(`/r/${token}`),
      await request(`/r/${token}/stop`),
      await request(`/R/${token}`),
      await request(`/r/${token}/cancel`, { body: new URLSearchParams({}) }),
      await request(`/admin/invite/${invite}`),
      await request(`/admin/api/invites/${invite}/options`, { body: new URLSearchParams({}) }),
    ];
    for (const res of answers) await res.body?.cancel();
    expect(answers[0]!.status).toBe(200);

    const paths = takeLogs('info', 'request').map((line) => line.path);
    expect(paths).toEqual([
      '/r/[token]',
      '/r/[token]/stop',
      '/R/[token]',
      '/r/[token]/cancel',
      '/admin/invite/[token]',
      '/admin/api/invites/[token]/options',
    ]);
    const logged = allLogText();
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 22));
    expect(logged).not.toContain(invite);
  });
});
