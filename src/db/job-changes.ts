import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { JobStatus } from '../rules/job-status';
import type { D1Db as Db } from './client';
import { type Lead, type LeadEvent, type LeadMessage, leadEvents, leadMessages, leads } from './schema';

/**
 * One change of a job's state, written as one D1 batch (one transaction) keyed on the state it was
 * judged against: the lead's status and the id of its last change (`leads.state_change`). The
 * update takes only if both are still what was read, and sets this change's own id; the timeline
 * entry, the e-mails it queues and the e-mails it cancels are written only where the lead now
 * carries that id. So of two changes made from the same reading (the owner and the office both
 * tapping "Booked", a customer's double tap) one takes and the other writes nothing at all.
 * The timeline entry takes the change's id as its own, so `state_change` names the entry that
 * made the lead what it is: what a form read before it is told happened since (`refuseStale`).
 */

/** An e-mail a change queues: due at `dueAt`, or skipped without a mail key. */
export interface QueuedMessage {
  kind: LeadMessage['kind'];
  dueAt: number;
  about?: string;
}

export interface JobChange {
  /** The lead as it was read: what the change was judged against. */
  lead: Pick<Lead, 'id' | 'jobStatus' | 'stateChange'>;
  /** The lead's columns after the change, its new status among them. */
  columns: Partial<Lead> & { jobStatus: JobStatus };
  /** The timeline entry; no status for a change that keeps it (a job given to someone else). */
  event: { kind: LeadEvent['kind']; status: JobStatus | null; actor: string; detail: string };
  /** A further condition the lead's update must meet in the same statement (the assignee has no clashing job). */
  guard?: SQL;
  queued?: readonly QueuedMessage[];
  /** Kinds of e-mail still waiting that the change makes unwanted (undoing done: the review request). */
  cancels?: readonly LeadMessage['kind'][];
  now: number;
  /** False without a mail key: queued rows are written as skipped. */
  willSend: boolean;
}

/** A booking e-mail's `about` when it tells the customer their visit moved (bookingEmail). */
export const MOVED = 'moved';
/** A booking e-mail's `about` when it tells the customer their visit is off, with a METHOD:CANCEL .ics. */
export const CANCELLED_VISIT = 'cancelled';

/** The timeline's words for "Mark done" undone (`undoDone`). */
export const UNDO_DETAIL = 'Done was undone';

/** Kinds sent once per lead (the outbox's partial unique index). */
const ONCE = sql`${sql.identifier('kind')} IN ('owner', 'customer', 'review', 'reminder')`;

/** Waiting e-mails that can still be stopped. */
export const STOPPABLE = ['pending', 'retrying', 'skipped'] as const;

/** Records the change with everything that goes with it, or nothing; the lead as it now is, or undefined when it had changed. */
export async function recordJobChange(db: Db, change: JobChange): Promise<Lead | undefined> {
  const { lead, now } = change;
  const id = crypto.randomUUID();
  const readChange = lead.stateChange === null ? sql`is null` : sql`= ${lead.stateChange}`;
  const update = db
    .update(leads)
    .set({ ...change.columns, updatedAt: now, stateChange: id })
    .where(and(eq(leads.id, lead.id), eq(leads.jobStatus, lead.jobStatus), sql`${leads.stateChange} ${readChange}`, change.guard))
    .returning();
  const took = sql`exists (select 1 from ${leads} where ${leads.id} = ${lead.id} and ${leads.stateChange} = ${id})`;
  const { event } = change;
  // Every column in the table's order (drizzle lists them all for an insert from a select).
  const insertEvent = db
    .insert(leadEvents)
    .select(sql`select ${id}, ${lead.id}, ${now}, ${event.actor}, ${event.kind}, ${event.status}, ${event.detail} where ${took}`);
  const status = change.willSend ? 'pending' : 'skipped';
  const insertMessages = (change.queued ?? []).map((message) => {
    const due = change.willSend ? message.dueAt : null;
    // A kind sent once is queued again only where an earlier one was cancelled (done, undone,
    // done again); one already sent or still waiting is left as it is.
    return db
      .insert(leadMessages)
      .select(
        sql`select ${crypto.randomUUID()}, ${lead.id}, ${message.kind}, ${status}, 0, null, ${due}, null, ${now}, ${now}, ${message.about ?? ''} where ${took}`,
      )
      .onConflictDoUpdate({
        target: [leadMessages.leadId, leadMessages.kind],
        targetWhere: ONCE,
        set: { status, attempts: 0, lastError: null, nextAttemptAt: due, updatedAt: now },
        setWhere: sql`${leadMessages.status} = 'cancelled'`,
      });
  });
  const cancels = change.cancels?.length
    ? [
        db
          .update(leadMessages)
          .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
          .where(
            and(
              eq(leadMessages.leadId, lead.id),
              inArray(leadMessages.kind, [...change.cancels]),
              inArray(leadMessages.status, [...STOPPABLE]),
              took,
            ),
          ),
      ]
    : [];
  // Cancels before inserts: a change may cancel a kind it queues again (a moved visit's reminder).
  const [updated] = await db.batch([update, insertEvent, ...cancels, ...insertMessages]);
  return (updated as Lead[])[0];
}
