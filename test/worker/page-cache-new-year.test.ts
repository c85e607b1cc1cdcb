import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtPageFile } from '../../src/cache/built-pages';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { nextUkYearStart, ukClock } from '../../src/rules/uk-time';
import { assetsWithBuiltPage, type Bindings, callWorker, freshDeploy } from './built-page-helpers';

// The footer shows the year: a page kept, or built with the deploy, in one year is not served in
// the next (the built copy would otherwise show last year's until the next deploy).

async function call(path: string, bindings: Bindings) {
  const { res, body } = await callWorker(path, bindings);
  return { tier: res.headers.get('x-page-cache'), body };
}

afterEach(() => {
  vi.useRealTimers();
  forgetLocalPages();
});

describe('the © year in the footer', () => {
  it('is never last year from a page built last year: the page is rendered again', async () => {
    const key = '/faq';
    const assets = await assetsWithBuiltPage(key, (built) => builtPageFile({ ...built.meta, until: Date.now() - 1 }, built.body));
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
