import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtKeysOf, builtPagePath, parseBuiltPage } from '../../src/cache/built-pages';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { readShared, type StoredPage, sharedKey } from '../../src/cache/shared-pages';
import worker from '../../src/index';
import { publicCaching } from '../../src/routes/caching';
import { takeLogs } from '../support/console-guard';

/** Every page built with the deploy. */
const builtPageKeys = builtKeysOf(publicCaching);

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
const formToken = (html: string) => html.match(/(contact|quote)\.\d+\.[A-Za-z0-9_-]{43}/)?.[0];

/** The Cache API write happens after the response (waitUntil); wait for it to land. */
async function keptInSharedCache(url: string): Promise<StoredPage> {
  for (let i = 0; i < 50; i++) {
    const page = await readShared(url, Date.now());
    if (page) return page;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} was not kept`);
}

beforeEach(() => forgetLocalPages());

describe('pages built with the deploy', () => {
  it('answers a new isolate from the built copy, exactly what the page cache keeps after a render now', async () => {
    expect(builtPageKeys).toEqual(expect.arrayContaining(['/', '/services/drain-unblocking', '/contact', '/free-quote']));
    const pages = await caches.open('pages');
    for (const key of builtPageKeys) {
      forgetLocalPages();
      const built = await exports.default.fetch(`https://www.example.com${key}`);
      expect(built.status, key).toBe(200);
      expect(built.headers.get('x-page-cache'), key).toBe('built');
      const builtBody = await built.text();

      // The same page rendered now, by this code with this test's secrets, and kept.
      const shared = sharedKey(env, key, 0, undefined);
      await pages.delete(shared);
      forgetLocalPages();
      const rendered = await call(key, { BUILT_PAGES: 'off' });
      expect(rendered.headers.get('x-page-cache'), key).toBe('miss');
      const renderedBody = await rendered.text();
      const kept = await keptInSharedCache(shared);
      const file = await env.ASSETS.fetch(new Request(`https://assets.invalid${builtPagePath(key)}`));
      const { meta, body } = parseBuiltPage(new Uint8Array(await file.arrayBuffer())) ?? {};
      expect(meta, key).toMatchObject({ key, headers: kept.headers, template: kept.template });
      expect(new TextDecoder().decode(body), key).toBe(new TextDecoder().decode(kept.body));

      if (kept.template) {
        // A form page: filled for each answer, with its own token.
        expect(builtBody, key).not.toContain('__form_token_');
        expect(built.headers.get('cache-control'), key).toBe('private, no-cache');
        expect(formToken(builtBody), key).toBeTruthy();
        expect(formToken(builtBody), key).not.toBe(formToken(renderedBody));
      } else {
        expect(builtBody, key).toBe(renderedBody);
        expect(withoutTier(built), key).toEqual(withoutTier(rendered));
      }
    }
  });

  it('keeps the built copy in memory after the first answer, with its ETag for a 304', async () => {
    const first = await exports.default.fetch('https://www.example.com/faq');
    expect(first.headers.get('x-page-cache')).toBe('built');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    const again = await exports.default.fetch('https://www.example.com/faq', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    const head = await exports.default.fetch('https://www.example.com/services', { method: 'HEAD' });
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

  it('renders pages that are not built: the blog, and any page while BUILT_PAGES is off', async () => {
    // Rendered here, or by another test's render through the data centre's Cache API: never built.
    for (const res of [
      await exports.default.fetch('https://www.example.com/blog'),
      await call('/services', { BUILT_PAGES: 'off' }),
    ]) {
      expect(res.status).toBe(200);
      expect(['miss', 'shared']).toContain(res.headers.get('x-page-cache'));
    }
  });

  it('does not serve the built files at their own paths', async () => {
    const res = await exports.default.fetch(`https://www.example.com${builtPagePath('/')}`);
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
      new Request('https://www.example.com/blog'),
      { ...env, CF_VERSION_METADATA: failing },
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('Internal Server Error');
    const [logged, ...more] = takeLogs('error', 'unhandled error');
    expect(logged).toMatchObject({ method: 'GET', path: '/blog', error: 'Error: version metadata unavailable' });
    expect(more).toHaveLength(0);
  });
});
