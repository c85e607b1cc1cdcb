import { count, desc, eq, sql } from 'drizzle-orm';
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
 * ('/media/<name>' in Markdown, HTML or a srcset). One query for a whole page of pictures that
 * reads each post once, the page's keys beside it (CROSS JOIN keeps the posts outside: with the
 * pictures outside, every post was read again for each picture).
 */
export async function postsUsingMedia(db: Database, keys: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return uses;
  // The key is 'media/<name>' and the URL '/media/<name>': '/' || key is the URL.
  const url = sql`'/' || picture.value`;
  const rows = await db
    .select({
      key: sql<string>`picture.value`,
      id: sql<number>`${posts}.${sql.identifier('id')}`.mapWith(Number),
      title: sql<string>`${posts}.${sql.identifier('title')}`,
    })
    .from(sql`${posts} cross join json_each(${JSON.stringify(keys)}) as picture`)
    .where(sql`${posts}.${sql.identifier('image_url')} = ${url} or instr(${posts}.${sql.identifier('content')}, ${url}) > 0`)
    .orderBy(sql`${posts}.${sql.identifier('title')}`);
  for (const row of rows) uses.get(row.key)?.push({ id: row.id, title: row.title });
  return uses;
}

export async function deleteMediaRow(db: Database, key: string): Promise<void> {
  await db.delete(media).where(eq(media.key, key));
}
