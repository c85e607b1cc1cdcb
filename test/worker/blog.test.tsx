import { env, exports } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidatePageCache } from '../../src/cache/isolate-pages';
import * as schema from '../../src/db/schema';
import { PAGE_CACHE } from '../../src/http/cache-control';
import { DEFAULT_OG_IMAGE } from '../../src/render/meta';
import { takeLogs } from '../support/console-guard';
import { insertPosts, makePosts, resetBlog, withoutTable } from '../unit/blog-fixtures';
import { childrenNamed, childText, parseXml } from '../unit/blog-xml';

const db = drizzle(env.DB, { schema });
const ORIGIN = env.SITE_ORIGIN;
const get = (path: string) => exports.default.fetch(`https://www.example.com${path}`, { redirect: 'manual' });

const cardSlugs = (html: string) => [...html.matchAll(/<a class="post-card__link" href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
const cardImages = (html: string) => [...html.matchAll(/<img class="post-card__image"[^>]*>/g)].map((m) => m[0]);

// 30 posts, one a day from 5 March 2025 ('post-29', 3 April 2025, is the newest), and one scheduled.
beforeEach(async () => {
  // The Worker keeps rendered pages in memory (the page cache's isolate tier); each test starts cold.
  await invalidatePageCache(env);
  await resetBlog(db);
  await insertPosts(db, [...makePosts(30), ...makePosts(1, { start: '2099-01-01T09:00:00.000Z', prefix: 'scheduled' })]);
});

describe('/blog', () => {
  it('shows the newest 12 published posts as cards', async () => {
    const res = await get('/blog');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PAGE_CACHE);
    const html = await res.text();
    expect(cardSlugs(html)).toEqual(Array.from({ length: 12 }, (_, i) => `post-${29 - i}`));
    expect(html).not.toContain('scheduled-0');
    expect(html).toContain('<p class="post-card__category">Drain Repairs</p>');
    expect(html).toContain('<a class="post-card__link" href="/blog/post-29">Fixture post 29</a>');
    expect(html).toContain('<p class="post-card__excerpt">Excerpt of fixture post 29.</p>');
    expect(html).toContain('<time dateTime="2025-04-03T09:00:00.000Z">3 April 2025</time>');
    expect(html.match(/Read More →/g)).toHaveLength(12);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog"/>`);
    expect(html).toContain(`<link rel="next" href="${ORIGIN}/blog?page=2"/>`);
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain('Page 1 of 3');
  });

  it('gives every image its size, loading the first row at once and the rest lazily', async () => {
    const images = cardImages(await (await get('/blog')).text());
    expect(images).toHaveLength(12);
    for (const img of images) expect(img).toMatch(/width="1200" height="675"/);
    expect(images.map((img) => /loading="(\w+)"/.exec(img)![1])).toEqual([...Array(3).fill('eager'), ...Array(9).fill('lazy')]);
    const later = cardImages(await (await get('/blog?page=2')).text());
    expect(later.every((img) => img.includes('loading="lazy"'))).toBe(true);
  });

  it('shows no share card as the picture of a post without a cover: a light panel, nothing to fetch', async () => {
    await resetBlog(db);
    const [withCover, withoutCover] = makePosts(2);
    await insertPosts(db, [withCover!, { ...withoutCover!, imageUrl: DEFAULT_OG_IMAGE }]);
    const html = await (await get('/blog')).text();
    const cards = html.split('<article class="post-card">').slice(1);
    expect(cards).toHaveLength(2);
    // The newest first: post-1 has no cover of its own.
    expect(cards[0]).toContain(
      '<div class="post-card__image post-card__image--none"><img src="/logo.svg" alt="" width="64" height="64"/></div>',
    );
    expect(cards[0]).not.toContain('og-image');
    expect(cardImages(cards[1]!)[0]).toContain('src="/images/blog/blocked-drains.svg"');
  });

  it('pages with ?page=N and rel prev/next', async () => {
    const two = await (await get('/blog?page=2')).text();
    expect(cardSlugs(two)).toEqual(Array.from({ length: 12 }, (_, i) => `post-${17 - i}`));
    expect(two).toContain(`<link rel="canonical" href="${ORIGIN}/blog?page=2"/>`);
    expect(two).toContain(`<link rel="prev" href="${ORIGIN}/blog"/>`);
    expect(two).toContain(`<link rel="next" href="${ORIGIN}/blog?page=3"/>`);
    expect(two).toMatch(/<title>[^<]*page 2[^<]*<\/title>/);
    const last = await (await get('/blog?page=3')).text();
    expect(cardSlugs(last)).toEqual(['post-5', 'post-4', 'post-3', 'post-2', 'post-1', 'post-0']);
    expect(last).toContain(`<link rel="prev" href="${ORIGIN}/blog?page=2"/>`);
    expect(last).not.toContain('rel="next"');
  });

  it('answers 404 past the last page and for anything that is not a page number', async () => {
    for (const page of ['4', '99', '0', '-1', 'abc', '1.5', '02', '', '2e1', '1234567']) {
      const res = await get(`/blog?page=${page}`);
      expect(res.status, `?page=${page}`).toBe(404);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('sends ?page=1 to /blog, its one URL', async () => {
    const res = await get('/blog?page=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/blog');
  });

  it('shows an empty list on an empty blog', async () => {
    await resetBlog(db);
    const html = await (await get('/blog')).text();
    expect(cardSlugs(html)).toEqual([]);
    expect(html).not.toContain('class="blog-pagination');
  });

  it('logs a failed read and shows the list empty (SPEC §4), not cached', async () => {
    const res = await withoutTable(db, 'posts', () => get('/blog'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('Drain Advice &amp; News');
    expect(cardSlugs(html)).toEqual([]);
    expect(takeLogs('error', 'blog list read failed')).toEqual([
      { level: 'error', msg: 'blog list read failed', error: expect.stringContaining('no such table: posts') },
    ]);
  });
});

describe('/blog/rss.xml', () => {
  it('is a well-formed RSS 2.0 feed of the 20 newest published posts', async () => {
    const res = await get('/blog/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    const rss = parseXml(await res.text());
    expect(rss.attrs.version).toBe('2.0');
    const channel = childrenNamed(rss, 'channel')[0]!;
    const items = childrenNamed(channel, 'item');
    expect(items.map((item) => childText(item, 'link'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `${ORIGIN}/blog/post-${29 - i}`),
    );
    expect(childText(items[0]!, 'pubDate')).toBe('Thu, 03 Apr 2025 09:00:00 GMT');
    expect(childText(items[0]!, 'title')).toBe('Fixture post 29');
  });
});

describe('/sitemap.xml', () => {
  it('lists every published post with lastmod, after the static pages', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    const urls = childrenNamed(parseXml(await res.text()), 'url').map((u) => [childText(u, 'loc'), childText(u, 'lastmod')]);
    expect(urls).toContainEqual([`${ORIGIN}/`, undefined]);
    expect(urls).toContainEqual([`${ORIGIN}/blog`, '2025-04-03T09:00:00.000Z']);
    expect(urls).toContainEqual([`${ORIGIN}/blog/post-29`, '2025-04-03T09:00:00.000Z']);
    expect(urls.filter(([loc]) => loc!.startsWith(`${ORIGIN}/blog/`))).toHaveLength(30);
    expect(urls.some(([loc]) => loc!.includes('scheduled'))).toBe(false);
  });

  it('still lists the static pages when the post read fails', async () => {
    const res = await withoutTable(db, 'posts', () => get('/sitemap.xml'));
    expect(res.status).toBe(200);
    const locs = childrenNamed(parseXml(await res.text()), 'url').map((u) => childText(u, 'loc'));
    expect(locs).toContain(`${ORIGIN}/services`);
    expect(locs.some((loc) => loc!.startsWith(`${ORIGIN}/blog/`))).toBe(false);
    expect(takeLogs('error', 'sitemap: post read failed')).toEqual([
      { level: 'error', msg: 'sitemap: post read failed', error: expect.stringContaining('no such table: posts') },
    ]);
  });
});
