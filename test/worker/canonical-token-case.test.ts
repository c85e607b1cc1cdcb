import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newRequestKey } from '../../src/db/lead-jobs';
import { requestToken } from '../../src/jobs/request-token';
import { request } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';

/**
 * The canonical-path redirect lowercases a path but never a token: a request link typed with a
 * capital R, or reached with a doubled slash, still opens the customer's page.
 */

/** A booked lead's request link token, with capitals in it (as nearly every one has). */
async function requestLinkToken() {
  let key = newRequestKey();
  while (key === key.toLowerCase()) key = newRequestKey();
  const lead = await insertLead();
  await env.DB.prepare("UPDATE leads SET request_key = ?, job_status = 'booked' WHERE id = ?").bind(key, lead.id).run();
  return requestToken(env, key);
}

const locationOf = (res: Response) => new URL(res.headers.get('location') ?? '', 'https://www.example.com');

describe("a request link's spelling", { timeout: 20_000 }, () => {
  it.each([
    ['/R/', ''],
    ['//r/', ''],
    ['///R/', ''],
    ['/R/', '/'],
    ['/R/', '/stop'],
  ])('%s<token>%s redirects to the link that opens the page, its token as it was', async (prefix, suffix) => {
    const token = await requestLinkToken();
    const res = await request(`${prefix}${token}${suffix}`);
    expect(res.status).toBe(301);
    const target = locationOf(res);
    expect(target.origin).toBe('https://www.example.com');
    expect(target.pathname).toBe(`/r/${token}${suffix === '/' ? '' : suffix}`);
    const page = await request(target.pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('keeps a query string and still lowercases the words around a token elsewhere', async () => {
    const token = await requestLinkToken();
    const res = await request(`/Services/Drain-Unblocking/${token}?utm_source=Mail`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/services/drain-unblocking/${token}?utm_source=Mail`);
    await res.body?.cancel();
  });
});
