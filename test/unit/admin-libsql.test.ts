import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostInput } from '../../src/admin/posts/post-form';
import { deletePost, getPostForAdmin, insertPost, listPostsForAdmin, uniqueSlug, updatePost } from '../../src/db/admin-posts';
import { getPublishedPostBySlug } from '../../src/db/posts';
import { createMigratedLibsql } from './blog-libsql-db';

/**
 * The admin writes posts through databaseFor, so with LIBSQL_URL set they go to hosted libSQL:
 * the same writes here on a libSQL file database, read back by the blog's own query.
 */
let database: Awaited<ReturnType<typeof createMigratedLibsql>>;
beforeAll(async () => {
  database = await createMigratedLibsql();
});
afterAll(() => database.cleanup());

const NOW = '2026-06-01T12:00:00.000Z';
const input = (overrides: Partial<PostInput> = {}): PostInput => ({
  title: 'A libSQL post',
  slug: 'a-libsql-post',
  excerpt: 'Excerpt.',
  imageUrl: '/images/blog/tree-roots.svg',
  imageAlt: 'Tree roots in a drain',
  publishedAt: '2026-05-01T09:00:00.000Z',
  category: 'Tips',
  content: '<p>Body</p>',
  format: 'html',
  status: 'published',
  author: 'Mark Dawson',
  keywords: ['roots', 'Drains'],
  ...overrides,
});

describe('admin post writes on libSQL', () => {
  it('create, edit keywords and slug, delete: the blog query sees each step', async () => {
    const { db } = database;
    const id = await insertPost(db, input(), NOW);
    expect((await getPublishedPostBySlug(db, 'a-libsql-post', NOW))?.keywords).toEqual(['Drains', 'roots']);
    expect(await uniqueSlug(db, 'a-libsql-post')).toBe('a-libsql-post-2');
    expect(await uniqueSlug(db, 'a-libsql-post', id)).toBe('a-libsql-post');

    expect(await updatePost(db, id, input({ slug: 'renamed', keywords: ['drains', 'new one'] }), NOW)).toBe(true);
    expect(await getPublishedPostBySlug(db, 'a-libsql-post', NOW)).toBeNull();
    expect((await getPostForAdmin(db, id))?.keywords).toEqual(['Drains', 'new one']);
    const orphan = await db.$client.execute("SELECT count(*) AS n FROM keywords WHERE name = 'roots'");
    expect(Number(orphan.rows[0]!.n)).toBe(0);

    const { rows, total, older } = await listPostsForAdmin(db, null, 1);
    expect(rows[0]).toMatchObject({ id, slug: 'renamed', updatedAt: NOW });
    expect(total.n).toBeGreaterThan(1);
    // The next page's keyset query runs on libSQL too.
    const next = await listPostsForAdmin(db, { after: older! }, 1);
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]!.id).not.toBe(id);

    expect(await deletePost(db, id)).toBe(true);
    expect(await getPostForAdmin(db, id)).toBeNull();
    const links = await db.$client.execute({ sql: 'SELECT count(*) AS n FROM posts_keywords WHERE post_id = ?', args: [id] });
    expect(Number(links.rows[0]!.n)).toBe(0);
  });
});
