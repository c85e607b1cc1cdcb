import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { leads } from './schema';

/** Leads past their retention period, deleted from D1 in bounded batches. */
type Db = DrizzleD1Database<Record<string, unknown>>;

const DAY_MS = 86_400_000;

/** How long leads are kept: after being marked handled, or after arriving if never handled. */
export interface RetentionDays {
  handledDays: number;
  unhandledDays: number;
}

/**
 * Deletes up to `batch` leads handled more than `handledDays` ago, or never handled and received
 * more than `unhandledDays` ago (both strictly before the cut-off). Returns how many went.
 * SQLite's DELETE has no LIMIT in D1, so the batch is chosen by a subquery.
 */
export async function deleteExpiredLeads(db: Db, now: number, days: RetentionDays, batch: number): Promise<number> {
  const expired = or(
    lt(leads.handledAt, now - days.handledDays * DAY_MS),
    and(isNull(leads.handledAt), lt(leads.createdAt, now - days.unhandledDays * DAY_MS)),
  );
  const chosen = db.select({ id: leads.id }).from(leads).where(expired).limit(batch);
  const deleted = await db.delete(leads).where(inArray(leads.id, chosen)).returning({ id: leads.id });
  return deleted.length;
}
