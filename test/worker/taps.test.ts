import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { londonDay } from '../../src/rules/uk-time';
import { OTHER_PAGE } from '../../src/taps/record-tap';
import { call, freshIp, ORIGIN } from './leads-helpers';

/** Taps on the call, WhatsApp and e-mail links, counted from the browsers' `<a ping>` requests. */

/** The request Chromium sends for `<a href=to ping="/api/tap?channel=…">` clicked on `from`. */
function ping(
  channel: string,
  from: string,
  to: string,
  options: { ip?: string; method?: string; headers?: Record<string, string | null> } = {},
) {
  const headers: Record<string, string | null> = {
    'Content-Type': 'text/ping',
    'Ping-From': `${ORIGIN}${from}`,
    'Ping-To': to,
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Mode': 'no-cors',
    ...options.headers,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
  const method = options.method ?? 'POST';
  return call(`/api/tap?channel=${channel}`, {
    method,
    headers: sent,
    body: method === 'GET' || method === 'HEAD' ? undefined : 'PING',
    ip: options.ip ?? freshIp(),
  });
}

const TEL = 'tel:+441632960123';

async function countFor(page: string, channel: string, day = londonDay(Date.now())): Promise<number> {
  const row = await env.DB.prepare('SELECT count FROM tap_counts WHERE day = ? AND page = ? AND channel = ?')
    .bind(day, page, channel)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

describe('a ping from one of our pages', () => {
  it('counts once each, per day, page and channel, in one row, and answers 204 no-store', async () => {
    const before = await countFor('/contact', 'call');
    for (let i = 0; i < 3; i++) {
      const res = await ping('call', '/contact', TEL);
      expect(res.status).toBe(204);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toBe('');
    }
    expect(await countFor('/contact', 'call')).toBe(before + 3);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM tap_counts WHERE page = ? AND channel = ?')
      .bind('/contact', 'call')
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  });

  it('keeps each channel and page apart, and the page without its query', async () => {
    const whatsapp = 'https://wa.me/447700900456?text=Hi';
    const before = await countFor('/services/drain-unblocking', 'whatsapp');
    expect((await ping('whatsapp', '/services/drain-unblocking?utm_source=google&gclid=X', whatsapp)).status).toBe(204);
    expect((await ping('email', '/services/drain-unblocking', 'mailto:enquiries@example.com')).status).toBe(204);
    expect(await countFor('/services/drain-unblocking', 'whatsapp')).toBe(before + 1);
    expect(await countFor('/services/drain-unblocking', 'email')).toBeGreaterThanOrEqual(1);
    const { results } = await env.DB.prepare("SELECT page FROM tap_counts WHERE page LIKE '%?%'").all();
    expect(results).toEqual([]);
  });

  it('names a real post by its path, and counts pages we do not list together', async () => {
    await env.DB.prepare(
      "INSERT INTO posts (title, slug, excerpt, image_url, published_at, category, content, author) VALUES ('T', 'tap-test-post', 'E', '/x.svg', '2025-01-01T00:00:00.000Z', 'C', '<p>x</p>', 'A')",
    ).run();
    expect((await ping('call', '/blog/tap-test-post', TEL)).status).toBe(204);
    expect(await countFor('/blog/tap-test-post', 'call')).toBe(1);
    const other = await countFor(OTHER_PAGE, 'call');
    expect((await ping('call', '/blog/no-such-post', TEL)).status).toBe(204);
    expect((await ping('call', '/a/page/that/is/not/ours', TEL)).status).toBe(204);
    expect(await countFor('/blog/no-such-post', 'call')).toBe(0);
    expect(await countFor(OTHER_PAGE, 'call')).toBe(other + 2);
  });

  it('stores nothing about the visitor: the table has the day, page, channel and count only', async () => {
    const { results } = await env.DB.prepare('PRAGMA table_info(tap_counts)').all<{ name: string }>();
    expect(results.map((column) => column.name)).toEqual(['day', 'page', 'channel', 'count']);
  });
});

describe('requests that are not our pages’ pings', () => {
  it('other methods are refused with 405', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await ping('call', '/contact', TEL, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('pings from foreign origins are refused (403) and not counted', async () => {
    const before = await countFor('/contact', 'call');
    const foreign: Record<string, string | null>[] = [
      // A cross-origin <a ping> on another site: no Ping-From, its own Origin.
      { 'Ping-From': null, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { 'Ping-From': 'https://evil.example/contact' },
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Ping-From': 'not a url' },
      // The owner previewing a post in the admin is not a visitor.
      { 'Ping-From': `${ORIGIN}/admin/posts/1/preview` },
    ];
    for (const headers of foreign)
      expect((await ping('call', '/contact', TEL, { headers })).status, JSON.stringify(headers)).toBe(403);
    expect(await countFor('/contact', 'call')).toBe(before);
  });

  it('anything but a text/ping body is refused, whatever its origin', async () => {
    expect((await ping('call', '/contact', TEL, { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await ping('call', '/contact', TEL, { headers: { 'Content-Type': 'application/json' } })).status).toBe(415);
    // A cross-site post is refused before it reaches the endpoint (the app's CSRF check).
    const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    expect((await ping('call', '/contact', TEL, { headers: { ...crossSite, 'Content-Type': 'text/plain' } })).status).toBe(403);
    // hono's CSRF check covers text/ping too: a ping saying neither Origin nor Sec-Fetch-Site is refused.
    expect((await ping('call', '/contact', TEL, { headers: { Origin: null, 'Sec-Fetch-Site': null } })).status).toBe(403);
  });

  it('an unknown channel, or a target of another channel, is refused (400)', async () => {
    expect((await ping('fax', '/contact', TEL)).status).toBe(400);
    expect((await ping('call', '/contact', 'mailto:enquiries@example.com')).status).toBe(400);
    expect((await ping('whatsapp', '/contact', 'https://wa.me.evil.example/')).status).toBe(400);
    expect((await ping('call', '/contact', TEL, { headers: { 'Ping-To': null } })).status).toBe(400);
  });

  it('a big body is refused (413)', async () => {
    const res = await call('/api/tap?channel=call', {
      method: 'POST',
      headers: { 'Content-Type': 'text/ping', 'Ping-From': `${ORIGIN}/contact`, 'Ping-To': TEL, Origin: ORIGIN },
      body: 'P'.repeat(4096),
    });
    expect(res.status).toBe(413);
  });
});

describe('the per-IP limit', () => {
  it('counts 10 taps a minute from one address and answers the rest 429', async () => {
    const ip = freshIp();
    const before = await countFor('/faq', 'call');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ping('call', '/faq', TEL, { ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(await countFor('/faq', 'call')).toBe(before + 10);
    // Another address is not held back.
    expect((await ping('call', '/faq', TEL)).status).toBe(204);
  });
});
