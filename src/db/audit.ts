import { asc, desc, lt, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type CappedCount, type KeysetPage, keysetPage, type PageStart, readsBackwards } from './keyset';
import { type AuditRow, auditLog } from './schema';

/** Audit lines are kept two years, then deleted by the retention cron (`deleteAuditLinesPastRetention`). */
const AUDIT_RETENTION_DAYS = 730;
const DAY_MS = 86_400_000;

/** Writes one line (its id is given by the table). */
export async function insertAuditLine(db: Db, line: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insert(auditLog).values(line);
}

/** Where an audit page starts: a line's time and id. */
export interface AuditCursor {
  at: number;
  id: number;
}

/**
 * One keyset page of lines, newest first (`keysetPage`), down the time index from the cursor,
 * and how many lines there are: the span of their ids (two lookups, not a count of every line),
 * since lines are only ever added, and deleted oldest first (deleteAuditPastRetention).
 */
export async function auditPage(
  db: Db,
  start: PageStart<AuditCursor>,
  perPage: number,
): Promise<KeysetPage<AuditRow, AuditCursor> & { total: CappedCount }> {
  const from =
    start === null
      ? undefined
      : 'before' in start
        ? sql`(${auditLog.at}, ${auditLog.id}) > (${start.before.at}, ${start.before.id})`
        : sql`(${auditLog.at}, ${auditLog.id}) < (${start.after.at}, ${start.after.id})`;
  const order = readsBackwards(start) ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  const [found, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(from)
      .orderBy(...order)
      .limit(perPage + 1),
    // Two subqueries: SQLite answers a lone max() or min() from the key's end, both at once by
    // reading every line. One line read besides (none: no lines, 0).
    db
      .select({
        n: sql<number>`coalesce((select max(${auditLog.id}) from ${auditLog}) - (select min(${auditLog.id}) from ${auditLog}) + 1, 0)`.mapWith(
          Number,
        ),
      })
      .from(auditLog)
      .limit(1),
  ]);
  const page = keysetPage(found, start, perPage, (row) => ({ at: row.at, id: row.id }));
  return { ...page, total: { n: counted?.n ?? 0, atLeast: false } };
}

/** Deletes lines older than the retention period; returns how many went. */
export async function deleteAuditPastRetention(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, now - AUDIT_RETENTION_DAYS * DAY_MS))
    .returning({ id: auditLog.id });
  return gone.length;
}
