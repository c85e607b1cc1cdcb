import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { leads, quoteAcceptances, quoteLines, quotes } from './schema';

/** Which leads are past their retention period (`deleteLeadsPastRetention` erases them). */

const DAY_MS = 86_400_000;

/** How long leads are kept: after being marked handled, or after arriving if never handled. */
export interface RetentionDays {
  handledDays: number;
  unhandledDays: number;
}

/**
 * Up to `batch` ids of leads handled more than `handledDays` ago, or never handled and received
 * more than `unhandledDays` ago (both strictly before the cut-off), oldest first (each kind by its
 * own date: when handled, when received; a later batch takes the rest). Two reads, each down
 * leads_handled_created_idx from the oldest (the never handled are its null entries, in order of
 * arrival): a run with nothing due reads nothing, and one with a backlog reads its batch.
 */
export async function expiredLeadIds(db: Db, now: number, days: RetentionDays, batch: number): Promise<string[]> {
  const [handled, unhandled] = await Promise.all([
    db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(lt(leads.handledAt, now - days.handledDays * DAY_MS))
      .orderBy(asc(leads.handledAt))
      .limit(batch),
    db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(and(isNull(leads.handledAt), lt(leads.createdAt, now - days.unhandledDays * DAY_MS)))
      .orderBy(asc(leads.createdAt))
      .limit(batch),
  ]);
  return [...handled, ...unhandled]
    .sort((a, b) => a.createdAt - b.createdAt)
    .slice(0, batch)
    .map((row) => row.id);
}

/**
 * Deletes up to `batch` accepted quotes accepted before `before` (their accounting years are over,
 * `accountingRecordsDueBefore`): each with its lines and its acceptance, oldest first, down
 * quote_acceptances_accepted_idx. How many went; a later run takes the rest.
 */
export async function deleteAcceptedQuotesBefore(db: Db, before: number, batch: number): Promise<number> {
  const due = await db
    .select({ id: quoteAcceptances.quoteId })
    .from(quoteAcceptances)
    .where(lt(quoteAcceptances.acceptedAt, before))
    .orderBy(asc(quoteAcceptances.acceptedAt))
    .limit(batch);
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.batch([
    db.delete(quoteAcceptances).where(inArray(quoteAcceptances.quoteId, ids)),
    db.delete(quoteLines).where(inArray(quoteLines.quoteId, ids)),
    db.delete(quotes).where(and(inArray(quotes.id, ids), eq(quotes.state, 'accepted'))),
  ]);
  return ids.length;
}
