import { and, asc, isNull, lt, or } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { leads } from './schema';

/** Which leads are past their retention period (`deleteLeadsPastRetention` erases them). */

const DAY_MS = 86_400_000;

/** How long leads are kept: after being marked handled, or after arriving if never handled. */
export interface RetentionDays {
  handledDays: number;
  unhandledDays: number;
}

/**
 * Up to `batch` ids of leads handled more than `handledDays` ago, or never handled and received
 * more than `unhandledDays` ago (both strictly before the cut-off), oldest first.
 */
export async function expiredLeadIds(db: Db, now: number, days: RetentionDays, batch: number): Promise<string[]> {
  const expired = or(
    lt(leads.handledAt, now - days.handledDays * DAY_MS),
    and(isNull(leads.handledAt), lt(leads.createdAt, now - days.unhandledDays * DAY_MS)),
  );
  const rows = await db.select({ id: leads.id }).from(leads).where(expired).orderBy(asc(leads.createdAt)).limit(batch);
  return rows.map((row) => row.id);
}
