import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { services } from '../../src/content/services';
import { tapChannelOf } from '../../src/rules/tap-channels';

/**
 * Every call, WhatsApp and e-mail link of ours, on every kind of page, carries the ping that
 * counts its taps, for its own channel. (The regulator's helpline on /privacy is not ours.)
 */

const ORIGIN = 'https://www.example.com';
const NOT_OURS = new Set(['tel:+443031231113']);

const POST_SLUG = 'tap-links-test-post';

const pages = [
  '/',
  '/services',
  ...services.map((service) => `/services/${service.slug}`),
  '/faq',
  '/blog',
  `/blog/${POST_SLUG}`,
  '/contact',
  '/free-quote',
  '/privacy',
  '/contact/sent',
  '/free-quote/sent',
  '/postcode-check?postcode=BH6',
  '/postcode-check?postcode=SO14',
  '/a-page-that-does-not-exist',
];

/** Every <a> whose href is a call, WhatsApp or e-mail link, with its ping attribute (or null). */
function contactLinks(html: string): { href: string; ping: string | null }[] {
  return [...html.matchAll(/<a\s[^>]*>/g)]
    .map(([tag]) => ({
      href: (/\shref="([^"]*)"/.exec(tag)?.[1] ?? '').replaceAll('&amp;', '&'),
      ping: /\sping="([^"]*)"/.exec(tag)?.[1] ?? null,
    }))
    .filter((link) => tapChannelOf(link.href) !== null && !NOT_OURS.has(link.href));
}

describe('call, WhatsApp and e-mail links', () => {
  it.each(pages)('on %s all carry the ping for their channel', async (path) => {
    if (path === `/blog/${POST_SLUG}`) {
      await env.DB.prepare(
        `INSERT OR IGNORE INTO posts (title, slug, excerpt, image_url, published_at, category, content, author)
         VALUES ('Call us', ?, 'E', '/images/blog/blocked-drains.svg', '2025-01-01T00:00:00.000Z', 'C',
         '<p>Ring <a href="tel:+441632960123">01632 960 123</a>, <a title="mail" href="mailto:enquiries@example.com">e-mail</a> or <a href="https://wa.me/447700900456">chat</a>. <a href="/contact">Contact</a></p>', 'A')`,
      )
        .bind(POST_SLUG)
        .run();
      forgetLocalPages();
    }
    const res = await exports.default.fetch(`${ORIGIN}${path}`);
    const links = contactLinks(await res.text());
    // Every page has the header's call and WhatsApp links and the footer's three.
    expect(links.length, path).toBeGreaterThanOrEqual(5);
    for (const link of links) expect(link.ping, `${path}: ${link.href}`).toBe(`/api/tap?channel=${tapChannelOf(link.href)}`);
    if (path.startsWith('/blog/')) expect(links.filter((link) => link.href === 'https://wa.me/447700900456')).toHaveLength(1);
  });

  it('may send their pings: Chromium holds a ping to CSP connect-src, which allows our own origin', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/(?:^|;)\s*connect-src 'self'[ ;]/);
  });

  it('other links carry no ping', async () => {
    const html = await (await exports.default.fetch(`${ORIGIN}/`)).text();
    const pinged = [...html.matchAll(/<a\s[^>]*\sping="[^"]*"[^>]*>/g)].map(([tag]) => /\shref="([^"]*)"/.exec(tag)?.[1] ?? '');
    expect(pinged.length).toBeGreaterThan(0);
    for (const href of pinged) expect(tapChannelOf(href.replaceAll('&amp;', '&')), href).not.toBeNull();
  });
});
