import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './posts';
import { type MediaRow, media, posts } from './schema';

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
 * ('/media/<name>' in Markdown, HTML or a srcset). One query for a whole page of pictures.
 */
export async function postsUsingMedia(db: Database, keys: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return uses;
  // The key is 'media/<name>' and the URL '/media/<name>': '/' || key is the URL.
  const url = sql`'/' || ${media.key}`;
  const rows = await db
    .select({ key: media.key, id: posts.id, title: posts.title })
    .from(media)
    .innerJoin(posts, sql`${posts.imageUrl} = ${url} or instr(${posts.content}, ${url}) > 0`)
    .where(inArray(media.key, [...keys]))
    .orderBy(posts.title);
  for (const row of rows) uses.get(row.key)?.push({ id: row.id, title: row.title });
  return uses;
}

export async function deleteMediaRow(db: Database, key: string): Promise<void> {
  await db.delete(media).where(eq(media.key, key));
}
