import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { firstFreeSlug } from '../rules/slug';
import { type CappedCount, type KeysetPage, keysetPage, type PageStart } from './keyset';
import { countUpToCap, pastStart, type TimeCursor, timeOrder } from './keyset-where';
import type { Database, PostWithKeywords } from './posts';
import { keywords, type Post, posts, postsKeywords } from './schema';

/**
 * The admin's post writes and reads. They take the same Drizzle database as the blog
 * (databaseFor: D1, or hosted libSQL when configured), so what the admin saves is what /blog
 * reads. Statements run one after another (D1 has no interactive transactions); each step is
 * safe to repeat, so a save that fails half-way can simply be saved again.
 */

/** A post as the editor saves it (validated by `postSchema`). `slug` is '' when it is to be made from the title. */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
  imageAlt: string;
  publishedAt: string;
  category: string;
  content: string;
  format: Post['format'];
  status: Post['status'];
  author: string;
  keywords: string[];
}

export type AdminPostRow = Pick<Post, 'id' | 'title' | 'slug' | 'publishedAt' | 'category' | 'author' | 'updatedAt' | 'status'>;

export const ADMIN_POSTS_PER_PAGE = 25;

/** Where a page of the admin's posts starts: a post's date and id. */
export type AdminPostCursor = TimeCursor<number>;

/**
 * One keyset page of every post, draft, published or scheduled, newest first (scheduled ones,
 * dated later, come first), down the date index (which holds the id: it is the rowid), and how
 * many posts there are up to COUNT_CAP.
 */
export async function listPostsForAdmin(
  db: Database,
  start: PageStart<AdminPostCursor>,
  perPage = ADMIN_POSTS_PER_PAGE,
): Promise<KeysetPage<AdminPostRow, AdminPostCursor> & { total: CappedCount }> {
  const [found, total] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        publishedAt: posts.publishedAt,
        category: posts.category,
        author: posts.author,
        updatedAt: posts.updatedAt,
        status: posts.status,
      })
      .from(posts)
      .where(pastStart(posts.publishedAt, posts.id, start))
      .orderBy(...timeOrder(posts.publishedAt, posts.id, start))
      .limit(perPage + 1),
    countUpToCap(db, posts),
  ]);
  const page = keysetPage(found as AdminPostRow[], start, perPage, (row) => ({ at: row.publishedAt, tie: row.id }));
  return { ...page, total };
}

async function keywordNamesOf(db: Database, postId: number): Promise<string[]> {
  const rows = await db
    .select({ name: keywords.name })
    .from(postsKeywords)
    .innerJoin(keywords, eq(keywords.id, postsKeywords.keywordId))
    .where(eq(postsKeywords.postId, postId))
    .orderBy(keywords.name);
  return rows.map((row) => row.name);
}

/** One post by id, whatever its date, with its keyword names (sorted by name, as the blog shows them). */
export async function getPostForAdmin(db: Database, id: number): Promise<PostWithKeywords | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row ? { ...row, keywords: await keywordNamesOf(db, id) } : null;
}

/**
 * Slugs equal to `base` or starting `base-`, other than the post being edited. A prefix compared
 * with substr(), not LIKE: D1 refuses a LIKE pattern over 50 bytes, and a 55-character title makes
 * a longer slug (docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md).
 */
async function slugsLike(db: Database, base: string, excludeId?: number): Promise<Set<string>> {
  const prefix = `${base}-`;
  const matches = or(eq(posts.slug, base), sql`substr(${posts.slug}, 1, ${prefix.length}) = ${prefix}`);
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(excludeId === undefined ? matches : and(matches, ne(posts.id, excludeId)));
  return new Set(rows.map((row) => row.slug));
}

/** `base` if free, else base-2, base-3 ... */
export async function uniqueSlug(db: Database, base: string, excludeId?: number): Promise<string> {
  return firstFreeSlug(base, await slugsLike(db, base, excludeId));
}

/** The post (other than `excludeId`) that already uses a slug, if any. */
export async function postUsingSlug(db: Database, slug: string, excludeId?: number) {
  const where = excludeId === undefined ? eq(posts.slug, slug) : and(eq(posts.slug, slug), ne(posts.id, excludeId));
  const [row] = await db.select({ id: posts.id, title: posts.title }).from(posts).where(where).limit(1);
  return row;
}

const columnsOf = (input: PostInput & { slug: string }, now: string) => ({
  title: input.title,
  slug: input.slug,
  excerpt: input.excerpt,
  imageUrl: input.imageUrl,
  imageAlt: input.imageAlt,
  publishedAt: input.publishedAt,
  category: input.category,
  content: input.content,
  format: input.format,
  status: input.status,
  author: input.author,
  updatedAt: now,
});

export async function insertPost(db: Database, input: PostInput, now: string, by?: string): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({ ...columnsOf(input, now), updatedBy: by ?? null })
    .returning({ id: posts.id });
  if (!row) throw new Error('insert returned no row');
  await setPostKeywords(db, row.id, input.keywords);
  return row.id;
}

/**
 * Saves a post over the stored one. With `from` (the editor's save: the revision its form was read
 * from and who saves), only while that revision is still the stored one, in the same statement,
 * which counts the revision on and names the person: of two tabs saving from one reading, the
 * second writes nothing. Returns false when nothing was written (no such post, or a newer revision).
 */
export async function updatePost(
  db: Database,
  id: number,
  input: PostInput,
  now: string,
  from?: { revision: number; by: string },
): Promise<boolean> {
  const where = from ? and(eq(posts.id, id), eq(posts.revision, from.revision)) : eq(posts.id, id);
  const columns = { ...columnsOf(input, now), revision: sql`${posts.revision} + 1`, ...(from ? { updatedBy: from.by } : {}) };
  const updated = await db.update(posts).set(columns).where(where).returning({ id: posts.id });
  if (updated.length === 0) return false;
  await setPostKeywords(db, id, input.keywords);
  return true;
}

/** Removes a post and its keyword links (explicitly: libSQL does not enforce the cascade by default). */
export async function deletePost(db: Database, id: number): Promise<boolean> {
  await db.delete(postsKeywords).where(eq(postsKeywords.postId, id));
  const deleted = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  await deleteUnusedKeywords(db);
  return deleted.length > 0;
}

/**
 * Links exactly these keyword names to a post: existing keywords are reused whatever their
 * case ('drains' links to 'Drains'), missing ones are created, links not named are removed.
 */
async function setPostKeywords(db: Database, postId: number, names: readonly string[]): Promise<void> {
  let ids: number[] = [];
  if (names.length > 0) {
    const lower = names.map((name) => name.toLowerCase());
    const existing = await db
      .select({ id: keywords.id, name: keywords.name })
      .from(keywords)
      .where(inArray(sql`lower(${keywords.name})`, lower));
    const known = new Set(existing.map((row) => row.name.toLowerCase()));
    const missing = names.filter((name) => !known.has(name.toLowerCase()));
    if (missing.length > 0) {
      await db
        .insert(keywords)
        .values(missing.map((name) => ({ name })))
        .onConflictDoNothing();
    }
    // Read the ids back by exact name: a row that already existed (a race, or a case SQLite's
    // ASCII-only lower() could not match) is linked too.
    const created =
      missing.length > 0 ? await db.select({ id: keywords.id }).from(keywords).where(inArray(keywords.name, missing)) : [];
    ids = [...new Set([...existing.map((row) => row.id), ...created.map((row) => row.id)])];
  }
  await db
    .delete(postsKeywords)
    .where(
      ids.length > 0
        ? and(eq(postsKeywords.postId, postId), notInArray(postsKeywords.keywordId, ids))
        : eq(postsKeywords.postId, postId),
    );
  if (ids.length > 0) {
    await db
      .insert(postsKeywords)
      .values(ids.map((keywordId) => ({ postId, keywordId })))
      .onConflictDoNothing();
  }
  await deleteUnusedKeywords(db);
}

/** Keywords no post links to any more. */
async function deleteUnusedKeywords(db: Database): Promise<void> {
  await db.delete(keywords).where(sql`${keywords.id} not in (select ${postsKeywords.keywordId} from ${postsKeywords})`);
}

/** Suggestions for the editor: the categories and the latest author already in use. */
export async function editorSuggestions(db: Database): Promise<{ categories: string[]; author: string | undefined }> {
  const [categories, [latest]] = await Promise.all([
    db.selectDistinct({ category: posts.category }).from(posts).orderBy(posts.category).limit(50),
    db.select({ author: posts.author }).from(posts).orderBy(desc(posts.publishedAt)).limit(1),
  ]);
  return { categories: categories.map((row) => row.category), author: latest?.author };
}

/** Posts (any status) whose title, excerpt or text holds one of these lower-case phrases, in any case: at most 20, newest first. */
export function postsContaining(db: Database, phrases: readonly string[]) {
  const columns = [posts.title, posts.excerpt, posts.content];
  return db
    .select({ id: posts.id, title: posts.title, excerpt: posts.excerpt, content: posts.content })
    .from(posts)
    .where(or(...phrases.flatMap((phrase) => columns.map((column) => sql`instr(lower(${column}), ${phrase}) > 0`))))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(20);
}
