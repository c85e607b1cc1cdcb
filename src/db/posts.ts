import { and, desc, eq, getTableColumns, lte, type SQL, sql } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { errorText, log } from '../log';
import { type Post, posts } from './schema';

/**
 * Blog reads. Every function takes a Drizzle database first, so the same code runs on D1
 * (drizzle-orm/d1, in the Worker) and on libSQL (drizzle-orm/libsql, hosted or a local file).
 * `now` is an ISO timestamp: posts dated later are scheduled and stay hidden everywhere, and
 * drafts stay hidden whatever their date.
 */
// biome-ignore lint/suspicious/noExplicitAny: the run-result type differs per driver (D1Result, ResultSet)
export type Database = BaseSQLiteDatabase<'async', any, any>;

/** docs/spec.md §7 'Blog list': exactly these columns (the content stays in the database). */
const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  imageUrl: posts.imageUrl,
  publishedAt: posts.publishedAt,
  category: posts.category,
};

export type PostSummary = Pick<Post, keyof typeof summaryColumns>;
export type PostWithKeywords = Post & { keywords: string[] };

export interface PostPage {
  posts: PostSummary[];
  /** Published posts in all, for 'Page 2 of 9' and the last page number. */
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

const POSTS_PER_PAGE = 12;

const isPublished = (now: string): SQL => and(eq(posts.status, 'published'), lte(posts.publishedAt, now))!;
/** Newest first; the id breaks ties so pages never overlap or skip a post. */
const newestFirst = [desc(posts.publishedAt), desc(posts.id)] as const;

/**
 * How many posts are published now: the published ones counted beside the posts (post_counts,
 * kept by triggers), less those dated ahead (scheduled: few, found down the date index), never a
 * count of every published post.
 */
const publishedCount = (now: string) =>
  sql<number>`(coalesce((select n from post_counts where status = 'published'), 0) - (select count(*) from posts as scheduled where scheduled.published_at > ${now} and scheduled.status = 'published'))`.mapWith(
    Number,
  );

/**
 * One page of published posts, newest first, with how many there are, in one round trip: the
 * page walks the published_at index (offsets skip index entries without reading rows) and the
 * total is publishedCount, evaluated once.
 */
export async function listPublishedPosts(
  db: Database,
  options: { page?: number; perPage?: number; now: string },
): Promise<PostPage> {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const perPage = options.perPage ?? POSTS_PER_PAGE;
  const rows = await db
    .select({ ...summaryColumns, total: publishedCount(options.now) })
    .from(posts)
    .where(isPublished(options.now))
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((page - 1) * perPage);
  // Past the end there is no row to carry the total: count separately (rare: those pages 404).
  const totalCount = rows[0]?.total ?? (page === 1 ? 0 : await countPublishedPosts(db, options.now));
  return {
    posts: rows.map(({ total: _total, ...post }) => post),
    total: totalCount,
    page,
    perPage,
    pageCount: Math.max(1, Math.ceil(totalCount / perPage)),
  };
}

export async function countPublishedPosts(db: Database, now: string): Promise<number> {
  const [row] = await db.select({ n: publishedCount(now) }).from(sql`(select 1)`);
  return row?.n ?? 0;
}

/**
 * The post's keyword names as a JSON array, through the link table, sorted by name. Written
 * with explicit aliases: inside a one-table select Drizzle leaves column names unqualified, and
 * an unqualified "id" here would mean keywords.id, not the outer post's.
 */
const keywordNamesJson = sql<string | null>`(select json_group_array(name) from (
  select k.name as name from posts_keywords as pk
  join keywords as k on k.id = pk.keyword_id
  where pk.post_id = "posts"."id" order by k.name))`;

function parseNames(json: string | null): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Whether a published post has this slug: the tap counter names only pages that exist. */
export async function isPublishedSlug(db: Database, slug: string, now: string): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), isPublished(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * docs/spec.md §7 'One post': one published row by slug with its keyword names. If that read fails
 * (say the link table is missing or locked), log it and read the post again without keywords,
 * so the article still shows.
 */
export async function getPublishedPostBySlug(db: Database, slug: string, now: string): Promise<PostWithKeywords | null> {
  const where = and(eq(posts.slug, slug), isPublished(now));
  try {
    const [row] = await db
      .select({ ...getTableColumns(posts), keywordNames: keywordNamesJson })
      .from(posts)
      .where(where)
      .limit(1);
    if (!row) return null;
    const { keywordNames, ...post } = row;
    return { ...post, keywords: parseNames(keywordNames) };
  } catch (error) {
    log.error('post read with keywords failed; reading without keywords', { slug, error: errorText(error) });
    const [row] = await db.select().from(posts).where(where).limit(1);
    return row ? { ...row, keywords: [] } : null;
  }
}

export interface SitemapPost {
  slug: string;
  publishedAt: string;
  updatedAt: string;
}

/** Sitemap rows: slug and dates only. A sitemap file holds at most 50,000 URLs. */
export function listPostsForSitemap(db: Database, now: string, limit = 45_000): Promise<SitemapPost[]> {
  return db
    .select({ slug: posts.slug, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished(now))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A post as the feed reads it: not its text, nor the editor's own bookkeeping. */
export type FeedPost = Omit<Post, 'content' | 'revision' | 'updatedBy'>;

/** The newest posts for the RSS feed, without their content (the feed carries excerpts). */
export function listRecentPostsForFeed(db: Database, now: string, limit = 20): Promise<FeedPost[]> {
  const { content: _content, revision: _revision, updatedBy: _updatedBy, ...columns } = getTableColumns(posts);
  return db
    .select(columns)
    .from(posts)
    .where(isPublished(now))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** An error as one line for the log: drizzle wraps driver errors, the cause says what failed. */
