import { desc, lt, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type AuditRow, auditLog } from './schema';

/** Audit lines are kept two years, then deleted by the retention cron (`deleteAuditLinesPastRetention`). */
const AUDIT_RETENTION_DAYS = 730;
const DAY_MS = 86_400_000;

export async function auditPage(db: Db, page: number, perPage: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Deletes lines older than the retention period; returns how many went. */
export async function deleteAuditPastRetention(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, now - AUDIT_RETENTION_DAYS * DAY_MS))
    .returning({ id: auditLog.id });
  return gone.length;
}
