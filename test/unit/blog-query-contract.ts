import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Database,
  getPublishedPostBySlug,
  listPostsForSitemap,
  listPublishedPosts,
  listRecentPostsForFeed,
} from '../../src/db/posts';
import { takeLogs } from '../support/console-guard';
import { insertPosts, linkKeywords, makePosts, resetBlog, withoutTable } from './blog-fixtures';

/** 30 posts from 5 March 2025, one a day; 'post-29' (3 April 2025) is the newest. */
const NOW = '2025-06-01T12:00:00.000Z';
const SCHEDULED = { ...makePosts(1, { start: '2025-06-02T09:00:00.000Z', prefix: 'scheduled' })[0]!, title: 'Not yet' };

/**
 * The post queries' behaviour, run unchanged against each driver: D1 in workerd
 * (test/worker/blog-d1.test.tsx) and a libSQL file database in Node (test/unit/blog-libsql.test.ts).
 */
export function describePostQueries(driver: string, database: () => Database) {
  describe(`post queries on ${driver}`, () => {
    let db: Database;
    beforeEach(async () => {
      db = database();
      await resetBlog(db);
      await insertPosts(db, [...makePosts(30), SCHEDULED]);
      await linkKeywords(db, 'post-29', ['tree roots', 'CCTV drain survey', 'blocked drain']);
    });

    it('lists published posts newest first, 12 a page, with the total, hiding scheduled ones', async () => {
      const first = await listPublishedPosts(db, { page: 1, now: NOW });
      expect(first.total).toBe(30);
      expect(first.pageCount).toBe(3);
      expect(first.posts.map((p) => p.slug)).toEqual(Array.from({ length: 12 }, (_, i) => `post-${29 - i}`));
      expect(first.posts.some((p) => p.slug.startsWith('scheduled'))).toBe(false);
      const last = await listPublishedPosts(db, { page: 3, now: NOW });
      expect(last.posts.map((p) => p.slug)).toEqual(Array.from({ length: 6 }, (_, i) => `post-${5 - i}`));
      expect(last.total).toBe(30);
    });

    it('reads only the list columns (no content)', async () => {
      const { posts } = await listPublishedPosts(db, { page: 1, now: NOW });
      expect(Object.keys(posts[0]!).sort()).toEqual(['category', 'excerpt', 'id', 'imageUrl', 'publishedAt', 'slug', 'title']);
    });

    it('returns no posts past the last page, still with the total', async () => {
      const past = await listPublishedPosts(db, { page: 4, now: NOW });
      expect(past.posts).toEqual([]);
      expect(past.total).toBe(30);
      expect(past.pageCount).toBe(3);
    });

    it('shows a scheduled post once its time has come', async () => {
      const later = await listPublishedPosts(db, { page: 1, now: '2025-06-03T00:00:00.000Z' });
      expect(later.total).toBe(31);
      expect(later.posts[0]!.slug).toBe('scheduled-0');
    });

    it('breaks ties on the same date by id, so pages never overlap', async () => {
      await resetBlog(db);
      const sameDay = makePosts(15).map((p) => ({ ...p, publishedAt: '2025-03-05T09:00:00.000Z' }));
      await insertPosts(db, sameDay);
      const one = await listPublishedPosts(db, { page: 1, now: NOW });
      const two = await listPublishedPosts(db, { page: 2, now: NOW });
      const slugs = [...one.posts, ...two.posts].map((p) => p.slug);
      expect(new Set(slugs).size).toBe(15);
      expect(slugs).toEqual(Array.from({ length: 15 }, (_, i) => `post-${14 - i}`));
    });

    it('counts zero on an empty blog', async () => {
      await resetBlog(db);
      expect(await listPublishedPosts(db, { page: 1, now: NOW })).toMatchObject({ posts: [], total: 0, pageCount: 1 });
    });

    it('reads one post with all fields and its keyword names, sorted', async () => {
      const post = await getPublishedPostBySlug(db, 'post-29', NOW);
      expect(post).toMatchObject({
        slug: 'post-29',
        title: 'Fixture post 29',
        author: 'Mark Dawson',
        content: expect.any(String),
      });
      expect(post!.updatedAt).toBeTruthy();
      expect(post!.keywords).toEqual(['CCTV drain survey', 'blocked drain', 'tree roots']);
      expect((await getPublishedPostBySlug(db, 'post-3', NOW))!.keywords).toEqual([]);
    });

    it('does not return a missing or scheduled post', async () => {
      expect(await getPublishedPostBySlug(db, 'no-such-post', NOW)).toBeNull();
      expect(await getPublishedPostBySlug(db, 'scheduled-0', NOW)).toBeNull();
    });

    it('reads the post again without keywords when the keyword read fails (logged)', async () => {
      const post = await withoutTable(db, 'posts_keywords', () => getPublishedPostBySlug(db, 'post-29', NOW));
      expect(post).toMatchObject({ slug: 'post-29', keywords: [], content: '<p>Body of fixture post 29.</p>' });
      expect(takeLogs('error', 'post read with keywords failed; reading without keywords')).toEqual([
        {
          level: 'error',
          msg: 'post read with keywords failed; reading without keywords',
          slug: 'post-29',
          error: expect.stringMatching(/no such table:? .*posts_keywords/),
        },
      ]);
    });

    it('lists sitemap rows and the feed, newest first, published only', async () => {
      const sitemap = await listPostsForSitemap(db, NOW);
      expect(sitemap).toHaveLength(30);
      expect(sitemap[0]).toEqual({
        slug: 'post-29',
        publishedAt: '2025-04-03T09:00:00.000Z',
        updatedAt: '2025-04-03T09:00:00.000Z',
      });
      const feed = await listRecentPostsForFeed(db, NOW, 20);
      expect(feed).toHaveLength(20);
      expect(feed[0]!.slug).toBe('post-29');
      expect(feed[0]).not.toHaveProperty('content');
    });
  });
}
