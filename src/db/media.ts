import { eq, inArray } from 'drizzle-orm';
import { type CappedCount, type KeysetPage, keysetPage, type PageStart } from './keyset';
import { countUpToCap, pastStart, type TimeCursor, timeOrder } from './keyset-where';
import type { Database } from './posts';
import { type MediaRow, media, postMedia, posts } from './schema';

/**
 * The media table: one row per uploaded picture (the object itself is in the MEDIA bucket).
 * It lives beside the posts (databaseFor) because "where is it used" is a question about posts.
 */

export const MEDIA_PER_PAGE = 24;

export async function getMediaRow(db: Database, key: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.key, key)).limit(1);
  return row;
}

/** Inserts a picture's row; the same content uploaded again keeps its row and takes the newer alt text. */
export async function saveMediaRow(db: Database, row: MediaRow): Promise<void> {
  await db
    .insert(media)
    .values(row)
    .onConflictDoUpdate({ target: media.key, set: { alt: row.alt } });
}

/** Where a page of pictures starts: a picture's upload time and key. */
export type MediaCursor = TimeCursor<string>;

/**
 * One keyset page of pictures, newest first, down the upload-time index (pictures uploaded in the
 * same millisecond, rare, sorted by key among themselves), and how many there are up to COUNT_CAP.
 */
export async function listMedia(
  db: Database,
  start: PageStart<MediaCursor>,
  perPage = MEDIA_PER_PAGE,
): Promise<KeysetPage<MediaRow, MediaCursor> & { total: CappedCount }> {
  const [found, total] = await Promise.all([
    db
      .select()
      .from(media)
      .where(pastStart(media.uploadedAt, media.key, start))
      .orderBy(...timeOrder(media.uploadedAt, media.key, start))
      .limit(perPage + 1),
    countUpToCap(db, media),
  ]);
  return { ...keysetPage(found, start, perPage, (row) => ({ at: row.uploadedAt, tie: row.key })), total };
}

export interface MediaUse {
  id: number;
  title: string;
}

/**
 * The posts (drafts included) that show each picture: as their cover, or anywhere in their text
 * ('/media/<name>' in Markdown, HTML or a srcset), from post_media, which triggers on posts and
 * media keep in step (0024): only the page's pictures' uses are read, not every post's text.
 */
export async function postsUsingMedia(db: Database, keys: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return uses;
  const rows = await db
    .select({ key: postMedia.mediaKey, id: posts.id, title: posts.title })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(inArray(postMedia.mediaKey, [...keys]))
    .orderBy(posts.title);
  for (const row of rows) uses.get(row.key)?.push({ id: row.id, title: row.title });
  return uses;
}

export async function deleteMediaRow(db: Database, key: string): Promise<void> {
  await db.delete(media).where(eq(media.key, key));
}
