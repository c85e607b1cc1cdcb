import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const ORIGIN = 'https://www.example.com';

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  it('are on pages', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it('isolate the admin from other windows; the public pages stay in the opener group (cheaper to start)', async () => {
    const admin = await exports.default.fetch(`${ORIGIN}/admin/login`);
    expectSecurityHeaders(admin);
    expect(admin.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const page = await exports.default.fetch(`${ORIGIN}/`);
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('are on error pages', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/missing-page`);
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
  });

  it('are on API answers', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/unknown`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expectSecurityHeaders(res);
  });

  it('are on feeds', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/robots.txt`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });
});

describe('canonical paths', () => {
  it.each([
    ['/services/', '/services'],
    ['/FAQ', '/faq'],
    ['/Services/Drain-Unblocking/', '/services/drain-unblocking'],
    ['/blog/?page=2', '/blog?page=2'],
    ['//evil.example/', '/evil.example'],
  ])('%s redirects permanently to %s', async (from, to) => {
    const res = await exports.default.fetch(`${ORIGIN}${from}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(
      new URL(res.headers.get('location') ?? '', ORIGIN).pathname + new URL(res.headers.get('location') ?? '', ORIGIN).search,
    ).toBe(to);
    expect(new URL(res.headers.get('location') ?? '', ORIGIN).origin).toBe(ORIGIN);
  });
});

describe('methods', () => {
  it('answers HEAD on pages without a body', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s on a page with 405 and Allow', async (method) => {
    const res = await exports.default.fetch(`${ORIGIN}/`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.text()).toContain('Method Not Allowed');
  });
});

describe('cross-site form posts', () => {
  it('are refused with 403', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'name=x&email=x%40example.com&message=hi',
    });
    expect(res.status).toBe(403);
  });

  it('bodies over the limit are refused with 413', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ message: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('page cache and revalidation', () => {
  it('answers a repeat visit with the same ETag and a 304 for If-None-Match', async () => {
    const first = await exports.default.fetch(`${ORIGIN}/faq`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    const body = await first.text();
    const second = await exports.default.fetch(`${ORIGIN}/faq`);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(await second.text()).toBe(body);
    const revalidated = await exports.default.fetch(`${ORIGIN}/faq`, { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('never keeps error pages', async () => {
    await exports.default.fetch(`${ORIGIN}/nope-not-here`);
    const again = await exports.default.fetch(`${ORIGIN}/nope-not-here`);
    expect(again.status).toBe(404);
    expect(again.headers.get('x-page-cache')).toBeNull();
  });
});

describe('page cache keys', () => {
  // (utm_* and gclid are not arbitrary: they share the page's own key, test/worker/attribution.test.ts.)
  it('does not keep pages under arbitrary query strings', async () => {
    await exports.default.fetch(`${ORIGIN}/faq?ref=x`);
    const again = await exports.default.fetch(`${ORIGIN}/faq?ref=x`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-page-cache')).toBeNull();
  });
});

describe('form pages from the page cache', () => {
  it.each(['/contact', '/free-quote', '/free-quote?service=cctv-drain-survey', '/free-quote?service=nonsense'])(
    '%s carries a freshly signed token on every response, never the placeholder',
    async (path) => {
      const kind = path === '/contact' ? 'contact' : 'quote';
      const first = await exports.default.fetch(`${ORIGIN}${path}`);
      const a = await first.text();
      await new Promise((r) => setTimeout(r, 5));
      const second = await exports.default.fetch(`${ORIGIN}${path}`);
      const b = await second.text();
      expect(a).not.toContain('__form_token_');
      expect(b).not.toContain('__form_token_');
      expect(second.headers.get('x-form-token')).toBeNull();
      const tokens = [a, b].map((html) => html.match(new RegExp(`${kind}\\.\\d+\\.[A-Za-z0-9_-]{43}`, 'g')) ?? []);
      // The hidden input and the island's props carry the same token; two responses differ.
      expect(tokens[0]!.length).toBeGreaterThanOrEqual(2);
      expect(new Set(tokens[0]).size).toBe(1);
      expect(tokens[0]![0]).not.toBe(tokens[1]![0]);
    },
  );
});
