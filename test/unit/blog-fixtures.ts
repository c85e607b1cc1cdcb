import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/posts';
import { keywords, type NewPost, posts, postsKeywords } from '../../src/db/schema';

/** Shared by the libSQL (unit) and D1 (worker) tests: the same rows through the same Drizzle calls. */

const DAY = 86_400_000;

/** Post n (0-based) is published n days after `start`: the highest n is the newest. */
export function makePosts(count: number, options: { start?: string; prefix?: string } = {}): NewPost[] {
  const start = Date.parse(options.start ?? '2025-03-05T09:00:00.000Z');
  const prefix = options.prefix ?? 'post';
  return Array.from({ length: count }, (_, n) => ({
    title: `Fixture post ${n}`,
    slug: `${prefix}-${n}`,
    excerpt: `Excerpt of fixture post ${n}.`,
    imageUrl: '/images/blog/blocked-drains.svg',
    publishedAt: new Date(start + n * DAY).toISOString(),
    updatedAt: new Date(start + n * DAY).toISOString(),
    category: n % 2 ? 'Drain Repairs' : 'Blocked Drains',
    content: `<p>Body of fixture post ${n}.</p>`,
    author: 'Mark Dawson',
  }));
}

/** Empties the blog tables (the link table first: libSQL does not enforce the cascade by default). */
export async function resetBlog(db: Database): Promise<void> {
  await db.delete(postsKeywords);
  await db.delete(keywords);
  await db.delete(posts);
}

/** D1 allows 100 bound parameters a statement, and Drizzle binds every column's default too: a few rows at a time. */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(posts)).length);

export async function insertPosts(db: Database, rows: readonly NewPost[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db.insert(posts).values(rows.slice(i, i + ROWS_PER_INSERT));
  }
}

export async function linkKeywords(db: Database, slug: string, names: readonly string[]): Promise<void> {
  await db
    .insert(keywords)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  const ids = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(inArray(keywords.name, [...names]));
  await db.insert(postsKeywords).values(ids.map((k) => ({ postId: post!.id, keywordId: k.id })));
}

/** Hides a table for the length of `run` (renamed, then renamed back), to make a real read fail. */
export async function withoutTable<T>(db: Database, table: string, run: () => Promise<T>): Promise<T> {
  await db.run(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_hidden`));
  try {
    return await run();
  } finally {
    await db.run(sql.raw(`ALTER TABLE ${table}_hidden RENAME TO ${table}`));
  }
}
