import { count, desc, eq, inArray } from 'drizzle-orm';
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

/** Newest first. */
export async function listMedia(db: Database, page: number, perPage = MEDIA_PER_PAGE) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .orderBy(desc(media.uploadedAt), desc(media.key))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(media),
  ]);
  return { rows, total: total?.n ?? 0 };
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
