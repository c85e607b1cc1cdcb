import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLocalPages, GENERATION_CHECK_MS, invalidatePageCache } from '../../src/cache/isolate-pages';
import { readShared, sharedKey, writeGeneration } from '../../src/cache/shared-pages';
import * as schema from '../../src/db/schema';
import worker from '../../src/index';
import { insertPosts, makePosts, resetBlog } from '../unit/blog-fixtures';

// The second tier: pages one isolate rendered are answered by another (here: this isolate after
// it forgot its own copies) from the Cache API, and blog pages follow the admin's writes.
const db = drizzle(env.DB, { schema });
const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://www.example.com${path}`, { redirect: 'manual', headers });

/** /faq and /contact are also built with the deploy, which would answer them before the Cache API. */
const withoutBuiltPages = (path: string, headers: Record<string, string> = {}) =>
  worker.fetch(
    new Request(`https://www.example.com${path}`, { redirect: 'manual', headers }),
    { ...env, BUILT_PAGES: 'off' },
    createExecutionContext(),
  );

/** The Cache API write happens after the response (waitUntil); wait for it to land. */
async function storedInSharedCache(key: string): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await readShared(sharedKey(env, key, 0, undefined), Date.now())) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

beforeEach(async () => {
  await invalidatePageCache(env);
  await resetBlog(db);
  await insertPosts(db, makePosts(3));
});
afterEach(() => vi.restoreAllMocks());

describe('the shared page cache (Cache API)', () => {
  it('answers a page another isolate rendered, with the same bytes, ETag and headers', async () => {
    const get = withoutBuiltPages;
    const first = await get('/faq');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const body = await first.text();
    expect(await storedInSharedCache('/faq')).toBe(true);
    forgetLocalPages();
    const second = await get('/faq');
    expect(second.status).toBe(200);
    expect(second.headers.get('x-page-cache')).toBe('shared');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(second.headers.get('x-page-meta')).toBeNull();
    // And after that, this isolate keeps it again.
    expect((await get('/faq')).headers.get('x-page-cache')).toBe('hit');
    const revalidated = await get('/faq', { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(304);
  });

  it('keys pages by the Worker version, so a deploy starts with an empty cache', () => {
    expect(env.CF_VERSION_METADATA?.id).toBeTruthy();
    expect(sharedKey(env, '/faq', 0, undefined)).toContain(`/${env.CF_VERSION_METADATA?.id}/`);
  });

  it('gives form pages a fresh token when they come from the shared cache', async () => {
    const get = withoutBuiltPages;
    const first = await (await get('/contact')).text();
    expect(await storedInSharedCache('/contact')).toBe(true);
    forgetLocalPages();
    const res = await get('/contact');
    expect(res.headers.get('x-page-cache')).toBe('shared');
    const html = await res.text();
    expect(html).not.toContain('__form_token_');
    const token = (page: string) => page.match(/contact\.\d+\.[A-Za-z0-9_-]{43}/)?.[0];
    expect(token(html)).toBeTruthy();
    expect(token(html)).not.toBe(token(first));
  });

  it('shows a new post at once after the admin writes, in every isolate of the data centre', async () => {
    const before = await (await get('/blog')).text();
    expect(before).not.toContain('Fresh news');
    await insertPosts(db, [{ ...makePosts(1, { start: '2025-06-01T09:00:00.000Z', prefix: 'fresh' })[0]!, title: 'Fresh news' }]);
    // The write happens in this isolate: its own copies go, and the shared ones are stale.
    await invalidatePageCache(env);
    forgetLocalPages();
    const after = await get('/blog');
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain('Fresh news');
  });

  it('drops blog pages kept by an isolate within a few seconds of another isolate writing', async () => {
    await get('/blog');
    await get('/faq');
    expect((await get('/blog')).headers.get('x-page-cache')).toBe('hit');
    await insertPosts(db, [{ ...makePosts(1, { start: '2025-06-01T09:00:00.000Z', prefix: 'fresh' })[0]!, title: 'Fresh news' }]);
    // Another isolate's admin request moved the generation in the shared cache.
    await writeGeneration(env, Date.now() + 1_000);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + GENERATION_CHECK_MS + 1);
    const res = await get('/blog');
    expect(res.headers.get('x-page-cache')).toBe('miss');
    expect(await res.text()).toContain('Fresh news');
    // Pages that do not show posts stay.
    expect((await get('/faq')).headers.get('x-page-cache')).toBe('hit');
  });
});
