import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUILT_PAGE_KEYS, builtPagePath } from '../../src/cache/built-pages';
import worker from '../../src/index';
import { forgetLocalPages } from '../../src/middleware/page-cache';
import { takeLogs } from '../support/console-guard';

// The pages `npm run build` renders with the Worker and uploads with the assets
// (src/cache/built-pages.ts): a new isolate answers them without rendering, and they are exactly
// what the Worker renders now.
const call = (path: string, overrides: Record<string, string> = {}, init: RequestInit = {}) =>
  worker.fetch(
    new Request(`https://www.example.com${path}`, { redirect: 'manual', ...init }),
    { ...env, ...overrides },
    createExecutionContext(),
  );

const withoutTier = (res: Response) => [...res.headers].filter(([name]) => name !== 'x-page-cache');

beforeEach(() => forgetLocalPages());

describe('pages built with the deploy', () => {
  it('answers a new isolate from the built copy, the same bytes and headers as a render now', async () => {
    expect(BUILT_PAGE_KEYS).toContain('/');
    expect(BUILT_PAGE_KEYS).toContain('/services/drain-unblocking');
    for (const key of BUILT_PAGE_KEYS) {
      forgetLocalPages();
      const built = await SELF.fetch(`https://www.example.com${key}`);
      expect(built.status, key).toBe(200);
      expect(built.headers.get('x-page-cache'), key).toBe('built');
      const builtBody = await built.text();
      forgetLocalPages();
      const rendered = await call(key, { BUILT_PAGES: 'off' });
      expect(rendered.headers.get('x-page-cache'), key).toBe('miss');
      expect(builtBody, key).toBe(await rendered.text());
      expect(withoutTier(built), key).toEqual(withoutTier(rendered));
    }
  });

  it('keeps the built copy in memory after the first answer, with its ETag for a 304', async () => {
    const first = await SELF.fetch('https://www.example.com/faq');
    expect(first.headers.get('x-page-cache')).toBe('built');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    const again = await SELF.fetch('https://www.example.com/faq', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    const head = await SELF.fetch('https://www.example.com/services', { method: 'HEAD' });
    expect(head.headers.get('x-page-cache')).toBe('built');
    expect(await head.text()).toBe('');
  });

  it('renders instead when a variable the page read differs from the build, and says which once', async () => {
    const other = 'https://drains.example.org';
    const res = await call('/', { SITE_ORIGIN: other });
    expect(res.headers.get('x-page-cache')).toBe('miss');
    expect(await res.text()).toContain(`<link rel="canonical" href="${other}/"`);
    forgetLocalPages();
    expect((await call('/faq', { SITE_ORIGIN: other })).headers.get('x-page-cache')).toBe('miss');
    expect(takeLogs('warn', 'built pages skipped: a variable differs from the build')).toEqual([
      { level: 'warn', msg: 'built pages skipped: a variable differs from the build', variable: 'SITE_ORIGIN' },
    ]);
    // A variable no built page reads changes nothing.
    forgetLocalPages();
    expect((await call('/', { LEADS_TO_EMAIL: 'someone@example.org' })).headers.get('x-page-cache')).toBe('built');
  });

  it('renders pages that are not built: forms, the blog, and any page while BUILT_PAGES is off', async () => {
    // Rendered here, or by another test's render through the data centre's Cache API: never built.
    for (const res of [
      await SELF.fetch('https://www.example.com/contact'),
      await SELF.fetch('https://www.example.com/blog'),
      await call('/services', { BUILT_PAGES: 'off' }),
    ]) {
      expect(res.status).toBe(200);
      expect(['miss', 'shared']).toContain(res.headers.get('x-page-cache'));
    }
  });

  it('does not serve the built files at their own paths', async () => {
    const res = await SELF.fetch(`https://www.example.com${builtPagePath('/')}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"vars"');
  });
});

describe('the front door (src/index.ts)', () => {
  it('answers an error in its own middleware as the site answers one: the error page, logged', async () => {
    // A version binding that fails when read: the page cache names its Cache API entry with it.
    const failing = new Proxy({} as typeof env.CF_VERSION_METADATA, {
      get() {
        throw new Error('version metadata unavailable');
      },
    });
    const res = await worker.fetch(
      new Request('https://www.example.com/contact'),
      { ...env, CF_VERSION_METADATA: failing },
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('Internal Server Error');
    const [logged, ...more] = takeLogs('error', 'unhandled error');
    expect(logged).toMatchObject({ method: 'GET', path: '/contact', error: 'Error: version metadata unavailable' });
    expect(more).toHaveLength(0);
  });
});
