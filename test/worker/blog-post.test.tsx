import { env, exports } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidatePageCache } from '../../src/cache/isolate-pages';
import * as schema from '../../src/db/schema';
import { PAGE_CACHE } from '../../src/http/cache-control';
import { takeLogs } from '../support/console-guard';
import { insertPosts, linkKeywords, makePosts, withoutTable } from '../unit/blog-fixtures';

const db = drizzle(env.DB, { schema });
const ORIGIN = env.SITE_ORIGIN;
const get = (path: string) => exports.default.fetch(`https://www.example.com${path}`, { redirect: 'manual' });

const meta = (html: string, key: 'name' | 'property', value: string) =>
  [...html.matchAll(new RegExp(`<meta ${key}="${value}" content="([^"]*)"/>`, 'g'))].map((m) => m[1]);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]));
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const [quoted, plain, hostile] = makePosts(3, { prefix: 'story' }).map((post, n) => ({
  ...post,
  content: [
    '<h2>Why "fatbergs" form</h2><p>He said "it\'s only a bit of fat", then <a href="/services/drain-unblocking" title="Drain &quot;unblocking&quot;">called us</a>.</p><blockquote><p>"Wipes in the bin."</p></blockquote>',
    '<p>Plain post.</p>',
    '<p>Safe text</p><script>alert("owned")</script><img src="/images/blog/tree-roots.svg" onerror="alert(1)" alt="Roots"><a href="javascript:alert(2)">click</a><iframe src="https://evil.example/"></iframe><p onclick="alert(3)">End</p>',
  ][n]!,
}));
const scheduled = { ...makePosts(1, { start: '2099-01-01T09:00:00.000Z', prefix: 'later' })[0]!, title: 'Not yet' };

beforeAll(async () => {
  await insertPosts(db, [quoted!, plain!, hostile!, scheduled]);
  await linkKeywords(db, 'story-0', ['fat blockage', 'wet wipes']);
});
beforeEach(() => invalidatePageCache(env));

describe('/blog/:slug', () => {
  it('shows the post: date, author, category, content and Back to Blog', async () => {
    const res = await get('/blog/story-0');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PAGE_CACHE);
    const html = main(await res.text());
    expect(html).toContain('<h1 class="post-hero__title">Fixture post 0</h1>');
    expect(html).toContain('<time dateTime="2025-03-05T09:00:00.000Z">5 March 2025</time>');
    expect(html).toContain('By Mark Dawson');
    expect(html).toContain('<p class="post-hero__category">Blocked Drains</p>');
    expect(html.match(/<a class="post-back" href="\/blog">/g)).toHaveLength(2);
    expect(html).toContain('Back to Blog');
  });

  it('curls the quotes in the text and leaves tags and attributes alone', async () => {
    const html = main(await (await get('/blog/story-0')).text());
    expect(html).toContain('<h2>Why \u201cfatbergs\u201d form</h2>');
    expect(html).toContain("He said \u201cit's only a bit of fat\u201d, then");
    expect(html).toContain('<a href="/services/drain-unblocking" title="Drain &quot;unblocking&quot;">called us</a>');
    expect(html).toContain('<blockquote><p>\u201cWipes in the bin.\u201d</p></blockquote>');
  });

  it('has title, description, canonical, article tags, keywords and BlogPosting data', async () => {
    const html = await (await get('/blog/story-0')).text();
    expect(html).toContain('<title>Fixture post 0 | BCP Drainage &amp; Plumbing</title>');
    expect(meta(html, 'name', 'description')).toEqual(['Excerpt of fixture post 0.']);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/story-0"/>`);
    expect(meta(html, 'property', 'og:type')).toEqual(['article']);
    // The SVG cover is not drawn by social networks: the post shares the default card.
    expect(meta(html, 'property', 'og:image')).toEqual([`${ORIGIN}/og-image.png`]);
    expect(meta(html, 'property', 'og:image:width')).toEqual(['1200']);
    expect(meta(html, 'property', 'article:published_time')).toEqual(['2025-03-05T09:00:00.000Z']);
    expect(meta(html, 'property', 'article:section')).toEqual(['Blocked Drains']);
    expect(meta(html, 'property', 'article:tag')).toEqual(['fat blockage', 'wet wipes']);
    expect(meta(html, 'name', 'keywords')).toEqual(['fat blockage, wet wipes']);
    const [posting] = jsonLd(html).filter((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'Fixture post 0',
      description: 'Excerpt of fixture post 0.',
      image: `${ORIGIN}/images/blog/blocked-drains.svg`,
      datePublished: '2025-03-05T09:00:00.000Z',
      dateModified: '2025-03-05T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Mark Dawson', url: `${ORIGIN}/#about` },
      publisher: { '@type': 'Organization', name: 'BCP Drainage & Plumbing' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/blog/story-0` },
      keywords: 'fat blockage, wet wipes',
    });
  });

  it('leaves keywords out when a post has none', async () => {
    const html = await (await get('/blog/story-1')).text();
    expect(meta(html, 'name', 'keywords')).toEqual([]);
    expect(meta(html, 'property', 'article:tag')).toEqual([]);
    expect(jsonLd(html).find((data) => data['@type'] === 'BlogPosting')).not.toHaveProperty('keywords');
  });

  it('renders hostile content without script, handlers, javascript: URLs or frames', async () => {
    const html = await (await get('/blog/story-2')).text();
    expect(executableScripts(html)).toEqual([]);
    expect(html).not.toMatch(/onerror|onclick|javascript:|<iframe|alert\(/i);
    const body = main(html);
    expect(body).toContain('<p>Safe text</p>');
    expect(body).toContain('<img src="/images/blog/tree-roots.svg" alt="Roots">');
    expect(body).toContain('<a>click</a>');
    expect(body).toContain('<p>End</p>');
  });

  it('still shows the post, without keywords, when the keyword read fails (logged)', async () => {
    const res = await withoutTable(db, 'posts_keywords', () => get('/blog/story-0'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2>Why \u201cfatbergs\u201d form</h2>');
    expect(meta(html, 'name', 'keywords')).toEqual([]);
    expect(takeLogs('error', 'post read with keywords failed; reading without keywords')).toEqual([
      {
        level: 'error',
        msg: 'post read with keywords failed; reading without keywords',
        slug: 'story-0',
        error: expect.stringContaining('no such table: posts_keywords'),
      },
    ]);
  });

  it("answers 'Post not found.' with 404 and noindex for missing, scheduled or malformed slugs", async () => {
    for (const path of [
      '/blog/no-such-post',
      '/blog/later-0',
      '/blog/a--b',
      '/blog/-a',
      '/blog/a_b',
      '/blog/%3cb%3e',
      `/blog/${'a'.repeat(121)}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).toContain('<h1>Post not found.</h1>');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).toContain('href="/blog"');
      expect(html).not.toContain('<b>');
    }
  });

  it('shows a seeded post from the migration, quotes curled, links intact', async () => {
    const res = await get('/blog/tree-roots-in-drains');
    expect(res.status).toBe(200);
    const html = main(await res.text());
    expect(html).toContain('\u201cWe had the drain rodded three times in a year');
    expect(html).toContain('<a href="/services/root-cutting" title="Root cutting and removal">root cutting service</a>');
    expect(html).not.toMatch(/>[^<]*"[^<]*</);
  });
});
