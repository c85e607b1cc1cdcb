import { asc, desc, eq, gt } from 'drizzle-orm';
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

/** The revisions saved after `after`, oldest first: what someone else changed since a form was read. */
export async function listRevisionsAfter(db: Database, after: number, limit = 10): Promise<RevisionRow[]> {
  return db
    .select({
      id: contentRevisions.id,
      createdAt: contentRevisions.createdAt,
      author: contentRevisions.author,
      summary: contentRevisions.summary,
    })
    .from(contentRevisions)
    .where(gt(contentRevisions.id, after))
    .orderBy(asc(contentRevisions.id))
    .limit(limit);
}

/**
 * One save: the whole content as a new revision, in one statement, only while `base` is still
 * the newest revision (0: none saved yet). Returns the new id, or undefined when someone else
 * saved in between and nothing was written: two saves from the same revision never both land.
 */
export async function insertRevisionIfNewest(
  db: D1Database,
  revision: { base: number; content: SiteContent; author: string; summary: string; now: number },
): Promise<number | undefined> {
  const row = await db
    .prepare(
      `INSERT INTO content_revisions (created_at, author, summary, content)
       SELECT ?1, ?2, ?3, ?4 WHERE (SELECT coalesce(max(id), 0) FROM content_revisions) = ?5
       RETURNING id`,
    )
    .bind(revision.now, revision.author, revision.summary, JSON.stringify(revision.content), revision.base)
    .first<{ id: number }>();
  return row?.id;
}
