import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../src/blog/html';
import { getPublishedPostBySlug, listPublishedPosts } from '../../src/db/posts';
import { staticRoutes } from '../../src/seo/sitemap';
import { createMigratedLibsql } from './blog-libsql-db';

// The seed migration (migrations/0001_seed_posts.sql) as a reader meets it.
let database: Awaited<ReturnType<typeof createMigratedLibsql>>;
beforeAll(async () => {
  database = await createMigratedLibsql();
});
afterAll(() => database.cleanup());

const IMAGES = ['blocked-drains', 'cctv-survey', 'drain-relining', 'tree-roots', 'fat-and-wipes', 'buying-a-house'];
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('the seeded posts', () => {
  it('are six published posts, one per topic image, dated 2025-2026', async () => {
    const now = new Date().toISOString();
    const { posts, total } = await listPublishedPosts(database.db, { page: 1, now });
    expect(total).toBe(6);
    expect(posts.map((p) => p.imageUrl).sort()).toEqual(IMAGES.map((name) => `/images/blog/${name}.svg`).sort());
    for (const post of posts) {
      expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(post.publishedAt).toMatch(/^202[56]-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      expect(post.publishedAt < now).toBe(true);
      expect(post.excerpt.length).toBeGreaterThan(80);
      expect(post.excerpt.length).toBeLessThanOrEqual(220);
      expect(post.category).toBeTruthy();
    }
  });

  it('have 600-1000 words of allow-listed HTML, keywords, and quotes for the curly-quote rule', async () => {
    const now = new Date().toISOString();
    const { posts } = await listPublishedPosts(database.db, { page: 1, now });
    const knownPaths = new Set([...staticRoutes, ...posts.map((p) => `/blog/${p.slug}`)]);
    let quotedText = 0;
    for (const { slug } of posts) {
      const post = (await getPublishedPostBySlug(database.db, slug, now))!;
      expect(words(post.content), slug).toBeGreaterThanOrEqual(600);
      expect(words(post.content), slug).toBeLessThanOrEqual(1000);
      expect(post.content).toContain('<h2>');
      expect(post.content).toContain('<ul>');
      expect(sanitizePostHtml(post.content), slug).toBe(post.content);
      expect(post.keywords.length, slug).toBeGreaterThanOrEqual(3);
      expect(post.author).toBeTruthy();
      for (const [, href] of post.content.matchAll(/href="([^"]+)"/g))
        expect(knownPaths, `${slug} links ${href}`).toContain(href);
      if (/>[^<]*"[^<]*</.test(post.content)) quotedText++;
    }
    expect(quotedText).toBeGreaterThanOrEqual(4);
  });
});
