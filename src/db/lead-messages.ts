import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type Lead, type LeadMessage, type LeadMessageKind, leadMessages, leads } from './schema';

/** The outbox in D1: each lead's e-mails, one row each, with their own delivery state. */

/** Statuses the owner may send again by hand: the outbox has given up on them or never tried. */
export const RESENDABLE = ['failed', 'skipped'] as const;

/** What one try of sending gave. */
export type TryOutcome =
  | { status: 'sent' }
  | { status: 'retrying'; error: string; nextAttemptAt: number }
  | { status: 'failed'; error: string };

/** A try's outcome, or a message no longer wanted (a job's e-mail whose moment has passed). */
export type SendOutcome = TryOutcome | { status: 'cancelled' };

/** A message that is due, with the lead it is about (the e-mail is written from the lead). */
export interface DueMessage {
  message: LeadMessage;
  lead: Lead;
}

/** Messages whose e-mail is due: never tried after a lost request, or waiting to retry. */
export async function listDueMessages(db: Db, now: number, limit: number): Promise<DueMessage[]> {
  return db
    .select({ message: leadMessages, lead: leads })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .where(
      and(
        inArray(leadMessages.status, ['pending', 'retrying']),
        isNotNull(leadMessages.nextAttemptAt),
        lte(leadMessages.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(leadMessages.nextAttemptAt))
    .limit(limit);
}

/**
 * The messages of these kinds one change queued for a lead (every row it wrote has its time as
 * `createdAt`), and only those about `about` when given, whatever their status: the first try
 * after the answer reads them back.
 */
export function messagesQueuedAt(
  db: Db,
  queued: { leadId: string; queuedAt: number; kinds: readonly LeadMessageKind[]; about?: string },
): Promise<LeadMessage[]> {
  return db
    .select()
    .from(leadMessages)
    .where(
      and(
        eq(leadMessages.leadId, queued.leadId),
        eq(leadMessages.createdAt, queued.queuedAt),
        inArray(leadMessages.kind, [...queued.kinds]),
        queued.about === undefined ? undefined : eq(leadMessages.about, queued.about),
      ),
    );
}

/**
 * Takes a due message for one send attempt by moving its next attempt past `leaseUntil`. Only one
 * of two overlapping cron runs can win the row, so no message is e-mailed twice.
 */
export async function claimMessage(db: Db, message: LeadMessage, now: number, leaseUntil: number): Promise<boolean> {
  if (message.nextAttemptAt === null) return false;
  const claimed = await db
    .update(leadMessages)
    .set({ nextAttemptAt: leaseUntil, updatedAt: now })
    .where(
      and(
        eq(leadMessages.id, message.id),
        inArray(leadMessages.status, ['pending', 'retrying']),
        eq(leadMessages.nextAttemptAt, message.nextAttemptAt),
        lte(leadMessages.nextAttemptAt, now),
      ),
    )
    .returning({ id: leadMessages.id });
  return claimed.length === 1;
}

/**
 * Takes a failed or skipped message for one send attempt now: it becomes 'pending' with a lease,
 * as a new message is during its first try, so the cron leaves it alone until the lease ends (and
 * takes it over if this attempt never records an outcome). Two clicks cannot both win it.
 */
export async function claimMessageForResend(
  db: Db,
  leadId: string,
  kind: 'owner' | 'customer',
  now: number,
  leaseUntil: number,
): Promise<LeadMessage | undefined> {
  const [row] = await db
    .update(leadMessages)
    .set({ status: 'pending', nextAttemptAt: leaseUntil, updatedAt: now })
    .where(and(eq(leadMessages.leadId, leadId), eq(leadMessages.kind, kind), inArray(leadMessages.status, [...RESENDABLE])))
    .returning();
  return row;
}

export async function recordSendOutcome(db: Db, id: string, attempts: number, outcome: SendOutcome, now: number) {
  await db
    .update(leadMessages)
    .set({
      status: outcome.status,
      attempts,
      lastError: outcome.status === 'sent' || outcome.status === 'cancelled' ? null : outcome.error.slice(0, 500),
      nextAttemptAt: outcome.status === 'retrying' ? outcome.nextAttemptAt : null,
      sentAt: outcome.status === 'sent' ? now : null,
      updatedAt: now,
    })
    .where(eq(leadMessages.id, id));
}

/** The status of the lead's review request (its first, not the reminder), undefined when none was queued. */
export async function reviewRequestStatus(db: Db, leadId: string): Promise<LeadMessage['status'] | undefined> {
  const first = await db
    .select({ status: leadMessages.status })
    .from(leadMessages)
    // The kind written into the statement, not bound: a partial index on kinds serves only literals.
    .where(and(eq(leadMessages.leadId, leadId), sql`${leadMessages.kind} = 'review'`))
    .get();
  return first?.status;
}

/** Every message of these leads, owner's first. */
export async function messagesForLeads(db: Db, leadIds: readonly string[]): Promise<LeadMessage[]> {
  const found: LeadMessage[] = [];
  for (const ids of chunksOf([...new Set(leadIds)])) {
    found.push(...(await db.select().from(leadMessages).where(inArray(leadMessages.leadId, ids))));
  }
  return found.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'owner' ? -1 : 1));
}
