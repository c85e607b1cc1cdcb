import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { CANCELLED_VISIT } from './job-changes';
import { type ErasureMail, erasureMail, type Lead, leadMessages, leads } from './schema';

/**
 * The `erasure_mail` rows: an erased lead's cancellation e-mail, rendered at erasure and kept only
 * until it is sent or given up (`src/privacy/erasure-mail.ts` says when). Logs carry row ids only.
 */

/**
 * These leads as they are before their erasure, and which of them have a visit's cancellation
 * queued and not yet sent (it is still owed once the lead is gone).
 */
export async function leadsBeforeErasure(db: Db, ids: readonly string[]): Promise<{ read: Lead[]; waiting: Set<string> }> {
  const read: Lead[] = [];
  const waiting = new Set<string>();
  for (const chunk of chunksOf([...new Set(ids)])) {
    read.push(...(await db.select().from(leads).where(inArray(leads.id, chunk))));
    const queued = await db
      .select({ leadId: leadMessages.leadId })
      .from(leadMessages)
      .where(
        and(
          inArray(leadMessages.leadId, chunk),
          eq(leadMessages.kind, 'booking'),
          eq(leadMessages.about, CANCELLED_VISIT),
          inArray(leadMessages.status, ['pending', 'retrying']),
        ),
      );
    for (const row of queued) waiting.add(row.leadId);
  }
  return { read, waiting };
}

/**
 * The statement that stores a cancellation (`email`: the rendered e-mail as JSON) for the erasure's
 * batch, written only if its lead is still as it was read (its `stateChange`), so a lead erased
 * twice at once, or changed meanwhile, queues nothing twice or stale.
 */
export function erasureMailInsert(
  db: Db,
  lead: Pick<Lead, 'id' | 'stateChange' | 'bookedDay' | 'bookedFrom' | 'bookedTo'>,
  email: string,
  now: number,
) {
  const unchanged =
    lead.stateChange === null ? sql`${leads.stateChange} is null` : sql`${leads.stateChange} = ${lead.stateChange}`;
  return db
    .insert(erasureMail)
    .select(
      sql`select ${crypto.randomUUID()}, ${email}, 0, ${now}, ${now}, ${lead.bookedDay}, ${lead.bookedFrom}, ${lead.bookedTo} where exists (select 1 from ${leads} where ${leads.id} = ${lead.id} and ${unchanged})`,
    );
}

/** Rows whose next try is due, at most `limit`. */
export const dueErasureMails = (db: Db, now: number, limit: number): Promise<ErasureMail[]> =>
  db.select().from(erasureMail).where(lte(erasureMail.nextAttemptAt, now)).limit(limit);

/** Takes a due row for one try until `leaseUntil`; false when another run holds it. */
export async function claimErasureMail(db: Db, row: ErasureMail, leaseUntil: number): Promise<boolean> {
  const claimed = await db
    .update(erasureMail)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(erasureMail.id, row.id), eq(erasureMail.nextAttemptAt, row.nextAttemptAt)))
    .returning({ id: erasureMail.id });
  return claimed.length === 1;
}

/** A temporary failure: the row waits for its next try. */
export const deferErasureMail = (db: Db, id: string, attempts: number, nextAttemptAt: number) =>
  db.update(erasureMail).set({ attempts, nextAttemptAt }).where(eq(erasureMail.id, id));

/** Sent or given up: the row goes (a statement, to await or put in a batch). */
export const deleteErasureMail = (db: Db, id: string) => db.delete(erasureMail).where(eq(erasureMail.id, id));

/** Rows stored before `before`, whatever happened to them. */
export const deleteErasureMailsBefore = (db: Db, before: number) =>
  db.delete(erasureMail).where(lt(erasureMail.createdAt, before));
