import { desc, eq } from 'drizzle-orm';
import type { SiteContent } from '../site-content/model';
import type { Database } from './posts';
import { contentRevisions } from './schema';

export interface RevisionRow {
  id: number;
  createdAt: number;
  author: string;
  summary: string;
}

/** The newest revision with its content; undefined while the defaults in code stand. */
export async function readLatestRevision(db: Database): Promise<{ id: number; content: SiteContent } | undefined> {
  const [row] = await db.select().from(contentRevisions).orderBy(desc(contentRevisions.id)).limit(1);
  return row && { id: row.id, content: JSON.parse(row.content) as SiteContent };
}

export async function readRevision(db: Database, id: number): Promise<SiteContent | undefined> {
  const [row] = await db.select({ content: contentRevisions.content }).from(contentRevisions).where(eq(contentRevisions.id, id));
  return row && (JSON.parse(row.content) as SiteContent);
}

/** The history, newest first. */
export async function listRevisions(db: Database, limit = 50): Promise<RevisionRow[]> {
  return db
    .select({
      id: contentRevisions.id,
      createdAt: contentRevisions.createdAt,
      author: contentRevisions.author,
      summary: contentRevisions.summary,
    })
    .from(contentRevisions)
    .orderBy(desc(contentRevisions.id))
    .limit(limit);
}

/** One save: the whole content as a new revision, in one statement. Returns its id. */
export async function insertRevision(
  db: Database,
  revision: { content: SiteContent; author: string; summary: string; now: number },
): Promise<number> {
  const [row] = await db
    .insert(contentRevisions)
    .values({
      createdAt: revision.now,
      author: revision.author,
      summary: revision.summary,
      content: JSON.stringify(revision.content),
    })
    .returning({ id: contentRevisions.id });
  return row!.id;
}
