import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtPageFile, builtPagePath, parseBuiltPage } from '../../src/cache/built-pages';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import worker from '../../src/index';
import { nextUkYearStart, ukClock } from '../../src/rules/uk-time';

// The footer shows the year: a page kept, or built with the deploy, in one year is not served in
// the next (the built copy would otherwise show last year's until the next deploy).

type Bindings = Partial<typeof env>;
/** A deploy of its own: no copy another test kept in the Cache API is of its version. */
const freshDeploy = (bindings: Bindings): Bindings => ({
  ...bindings,
  CF_VERSION_METADATA: { id: crypto.randomUUID(), tag: '', timestamp: '' },
});

async function call(path: string, bindings: Bindings) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://www.example.com${path}`), { ...env, ...bindings }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { tier: res.headers.get('x-page-cache'), body };
}

afterEach(() => {
  vi.useRealTimers();
  forgetLocalPages();
});

describe('the © year in the footer', () => {
  it('is never last year from a page built last year: the page is rendered again', async () => {
    const key = '/faq';
    const real = await env.ASSETS.fetch(new Request(new URL(builtPagePath(key), 'https://assets.invalid')));
    const built = parseBuiltPage(new Uint8Array(await real.arrayBuffer()))!;
    const lastYears = builtPageFile({ ...built.meta, until: Date.now() - 1 }, built.body);
    const assets = {
      fetch: async (request: Request) =>
        new URL(request.url).pathname === builtPagePath(key)
          ? new Response(lastYears.buffer as ArrayBuffer)
          : env.ASSETS.fetch(request),
    } as unknown as Fetcher;
    forgetLocalPages();
    const { tier, body } = await call(key, freshDeploy({ BUILT_PAGES: 'on', ASSETS: assets }));
    expect(tier).toBe('miss');
    expect(body).toContain(`© ${ukClock(Date.now()).year} `);
  });

  it('is never last year from a page kept on New Year’s Eve: at midnight it is made again', async () => {
    const newYear = nextUkYearStart(Date.now());
    const bindings = freshDeploy({ BUILT_PAGES: 'off' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(newYear - 60_000);
    const year = ukClock(newYear - 60_000).year;
    const eve = await call('/faq', bindings);
    expect(eve.body).toContain(`© ${year} `);
    expect((await call('/faq', bindings)).tier).toBe('hit');
    vi.setSystemTime(newYear + 1_000);
    const after = await call('/faq', bindings);
    expect(after.tier).toBe('miss');
    expect(after.body).toContain(`© ${year + 1} `);
  });
});
