import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toBase64Url } from '../rules/base64url';
import type { JobStatus, LostReason } from '../rules/job-status';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type Lead, type LeadEvent, type LeadMessage, leadEvents, leadMessages, leads } from './schema';

/** A lead as a job in D1: its status, booking, timeline and the e-mails a change queues. */

export interface Booking {
  /** UK date 'YYYY-MM-DD'. */
  day: string;
  /** 'HH:MM' UK time. */
  from: string;
  to: string;
}

/** A checked change (src/jobs/status-form.ts): where the lead goes and what goes with it. */
export type StatusChange =
  | { to: 'contacted' }
  | { to: 'booked'; booking: Booking }
  | { to: 'done'; valuePence: number | null }
  | { to: 'lost'; reason: LostReason };

/** An e-mail a change or a customer's request queues: due at `dueAt`, or skipped without a mail key. */
export interface QueuedMessage {
  kind: LeadMessage['kind'];
  dueAt: number;
  about?: string;
}

const messageRow = (leadId: string, message: QueuedMessage, now: number, willSend: boolean) => ({
  id: crypto.randomUUID(),
  leadId,
  kind: message.kind,
  status: willSend ? ('pending' as const) : ('skipped' as const),
  attempts: 0,
  nextAttemptAt: willSend ? message.dueAt : null,
  createdAt: now,
  updatedAt: now,
  about: message.about ?? '',
});

/** The lead's columns after a change: closing (done, lost) sets handled_at, from which retention counts. */
function columnsFor(change: StatusChange, lead: Lead, now: number): Partial<Lead> {
  const base = { jobStatus: change.to as JobStatus, updatedAt: now };
  switch (change.to) {
    case 'contacted':
      return { ...base, handledAt: null, lostReason: null };
    case 'booked':
      return {
        ...base,
        handledAt: null,
        lostReason: null,
        bookedDay: change.booking.day,
        bookedFrom: change.booking.from,
        bookedTo: change.booking.to,
        requestKey: lead.requestKey ?? newRequestKey(),
      };
    case 'done':
      return { ...base, handledAt: now, jobValuePence: change.valuePence, requestKey: lead.requestKey ?? newRequestKey() };
    case 'lost':
      return { ...base, handledAt: now, lostReason: change.reason };
  }
}

/** 128 random bits, base64url: what the customer's link is signed over (never the lead's id). */
export const newRequestKey = () => toBase64Url(crypto.getRandomValues(new Uint8Array(16)));

/**
 * Moves a lead to a new status with its timeline entry and the e-mails it queues, in one batch
 * (one transaction). The lead must still have the status the change was judged against; the
 * caller (src/jobs/change-status.ts) has already checked the move is allowed.
 */
export async function recordStatusChange(
  db: Db,
  lead: Lead,
  change: StatusChange,
  event: { actor: string; detail: string },
  queued: readonly QueuedMessage[],
  now: number,
  willSend: boolean,
): Promise<Lead | undefined> {
  const update = db
    .update(leads)
    .set(columnsFor(change, lead, now))
    .where(and(eq(leads.id, lead.id), eq(leads.jobStatus, lead.jobStatus)))
    .returning();
  // The timeline entry and the e-mails are written only if this very change took: the lead now
  // has the new status at this instant. A change that lost a race writes nothing at all.
  const took = sql`exists (select 1 from ${leads} where ${leads.id} = ${lead.id} and ${leads.jobStatus} = ${change.to} and ${leads.updatedAt} = ${now})`;
  // Every column in the table's order (drizzle lists them all for an insert from a select).
  const insertEvent = db
    .insert(leadEvents)
    .select(
      sql`select ${crypto.randomUUID()}, ${lead.id}, ${now}, ${event.actor}, 'status', ${change.to}, ${event.detail} where ${took}`,
    );
  const insertMessages = queued.map((message) => {
    const row = messageRow(lead.id, message, now, willSend);
    // Do nothing on a conflict: a kind sent once (the review request) is never queued twice.
    return db
      .insert(leadMessages)
      .select(
        sql`select ${row.id}, ${row.leadId}, ${row.kind}, ${row.status}, 0, null, ${row.nextAttemptAt}, null, ${now}, ${now}, ${row.about} where ${took}`,
      )
      .onConflictDoNothing();
  });
  const [updated] = await db.batch([update, insertEvent, ...insertMessages]);
  return (updated as Lead[])[0];
}

/** A note on the lead's timeline. Returns false when no such lead exists. */
export async function insertNote(db: Db, leadId: string, text: string, actor: string, now: number): Promise<boolean> {
  const lead = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return false;
  await db.batch([
    db.insert(leadEvents).values({ id: crypto.randomUUID(), leadId, createdAt: now, actor, kind: 'note', detail: text }),
    db.update(leads).set({ updatedAt: now }).where(eq(leads.id, leadId)),
  ]);
  return true;
}

/** The customer's "Ask to rebook" or "Cancel": on the timeline, and a notice to the owner. */
export async function insertCustomerRequest(
  db: Db,
  leadId: string,
  kind: 'rebook' | 'cancel',
  detail: string,
  now: number,
  willSend: boolean,
): Promise<LeadMessage | undefined> {
  const notice = messageRow(leadId, { kind: 'notice', dueAt: now + 2 * 60_000, about: kind }, now, willSend);
  const [, inserted] = await db.batch([
    db.insert(leadEvents).values({ id: crypto.randomUUID(), leadId, createdAt: now, actor: 'customer', kind, detail }),
    db.insert(leadMessages).values(notice).returning(),
  ]);
  return (inserted as LeadMessage[])[0];
}

/** The lead's timeline, oldest first. */
export function timelineOf(db: Db, leadId: string): Promise<LeadEvent[]> {
  return db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
}

/** Every timeline entry of these leads (the person export). */
export async function eventsForLeads(db: Db, leadIds: readonly string[]): Promise<LeadEvent[]> {
  const found: LeadEvent[] = [];
  for (const ids of chunksOf([...new Set(leadIds)])) {
    found.push(...(await db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids))));
  }
  return found.sort((a, b) => a.createdAt - b.createdAt);
}

export function findLeadByRequestKey(db: Db, key: string): Promise<Lead | undefined> {
  return db.select().from(leads).where(eq(leads.requestKey, key)).get();
}

/** The review link was followed: remembered once, so no reminder follows. */
export async function recordReviewClick(db: Db, leadId: string, now: number) {
  await db
    .update(leads)
    .set({ reviewClickedAt: now })
    .where(and(eq(leads.id, leadId), isNull(leads.reviewClickedAt)));
}

/** No more review requests for this lead: remembered, and any still waiting are cancelled now. */
export async function stopReviewRequests(db: Db, leadId: string, now: number) {
  await db.batch([
    db.update(leads).set({ reviewsStoppedAt: now, updatedAt: now }).where(eq(leads.id, leadId)),
    db
      .update(leadMessages)
      .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
      .where(
        and(
          eq(leadMessages.leadId, leadId),
          inArray(leadMessages.kind, ['review', 'reminder']),
          inArray(leadMessages.status, ['pending', 'retrying', 'skipped']),
        ),
      ),
  ]);
}
