import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toBase64Url } from '../rules/base64url';
import type { JobStatus, LostReason } from '../rules/job-status';
import type { TapChannel } from '../rules/tap-channels';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type JobChange, type QueuedMessage, recordJobChange, STOPPABLE } from './job-changes';
import { type Lead, type LeadEvent, type LeadMessage, leadEvents, leadMessages, leads } from './schema';

/** A lead as a job in D1: its status, booking, timeline and the e-mails a change queues. */

export interface Booking {
  /** UK date 'YYYY-MM-DD'. */
  day: string;
  /** 'HH:MM' UK time. */
  from: string;
  to: string;
}

/** A checked change (`readStatusForm`): where the lead goes and what goes with it. */
export type StatusChange =
  | { to: 'contacted' }
  | {
      to: 'booked';
      booking: Booking;
      /** Who goes (`checkAssignee`); absent: whoever has it now. */
      assignee?: number;
      /** The visit's address, asked for when the lead had none; absent: the lead's stays. */
      address?: string;
    }
  | { to: 'done'; valuePence: number | null }
  | { to: 'lost'; reason: LostReason };

/** The lead's columns after a change: closing (done, lost) sets handled_at, from which retention counts. */
function columnsFor(change: StatusChange, lead: Lead, now: number): Partial<Lead> & { jobStatus: JobStatus } {
  const base = { jobStatus: change.to as JobStatus };
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
        assignedTo: change.assignee ?? lead.assignedTo,
        ...(change.address ? { address: change.address } : {}),
        requestKey: lead.requestKey ?? newRequestKey(),
        // Read with the lead's state_change, so two bookings from one reading cannot share a number.
        bookingSequence: lead.bookingSequence + 1,
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
 * (`recordJobChange`), only if the lead is still as it was read; the caller
 * (`changeLeadStatus`) has already checked the move is allowed.
 */
export function recordStatusChange(
  db: Db,
  lead: Lead,
  change: StatusChange,
  event: { actor: string; detail: string },
  queued: readonly QueuedMessage[],
  now: number,
  willSend: boolean,
  /** A visit taken off with the change (`visitCancellation`): its higher SEQUENCE and the e-mails it stops. */
  visitOff?: Pick<JobChange, 'cancels'> & { columns: Partial<Lead> },
  /** The assignee's own condition (`checkAssignee`): still here, and free at that time. */
  guard?: JobChange['guard'],
): Promise<Lead | undefined> {
  return recordJobChange(db, {
    lead,
    columns: { ...columnsFor(change, lead, now), ...visitOff?.columns },
    event: { kind: 'status', status: change.to, ...event },
    queued,
    cancels: cancelsFor(change, visitOff),
    guard,
    now,
    willSend,
  });
}

const BOOKING_MESSAGES = ['booking', 'visit'] as const;

/**
 * The waiting e-mails a change makes unwanted. A booking replaces the one before: its e-mail not
 * yet gone, and its reminder (of the old day, or due too late or too soon for the new one), are
 * cancelled; the change queues its own. A job closed (done or lost) has no visit left to remind
 * of, so its reminder is cancelled in the same batch: the lead page never shows it waiting.
 */
function cancelsFor(change: StatusChange, visitOff?: Pick<JobChange, 'cancels'>): readonly LeadMessage['kind'][] {
  if (change.to === 'booked') return BOOKING_MESSAGES;
  const closing: LeadMessage['kind'][] = change.to === 'done' || change.to === 'lost' ? ['visit'] : [];
  return [...new Set([...(visitOff?.cancels ?? []), ...closing])];
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

/** The lead page's buttons whose tap is an answer: a call, a WhatsApp chat (an e-mail is not). */
export type CallChannel = Extract<TapChannel, 'call' | 'whatsapp'>;

/** A second tap by the same person on the same button within this is the same call (a redial, a double tap). */
const CALL_REPEAT_MS = 10 * 60 * 1000;

export type CallTapOutcome = 'recorded' | 'repeat' | 'no-lead';

/**
 * A tap on the lead page's Call or WhatsApp button, on the timeline as "Called by Mark": the
 * first one is the lead's answer for the dashboard's answer time (`answerTimesByWeek`). One
 * statement, written only while the lead exists and the same person has not tapped the same
 * button in the last CALL_REPEAT_MS.
 */
export async function recordCallTap(
  db: Db,
  leadId: string,
  channel: CallChannel,
  actor: string,
  now: number,
): Promise<CallTapOutcome> {
  const result = await db.run(sql`
    insert into lead_events (id, lead_id, created_at, actor, kind, detail)
    select ${crypto.randomUUID()}, l.id, ${now}, ${actor}, 'called', ${channel} from leads l
    where l.id = ${leadId} and not exists (
      select 1 from lead_events e where e.lead_id = l.id and e.kind = 'called' and e.actor = ${actor}
        and e.detail = ${channel} and e.created_at > ${now - CALL_REPEAT_MS})`);
  if ((result.meta.changes ?? 0) > 0) return 'recorded';
  const lead = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get();
  return lead ? 'repeat' : 'no-lead';
}

/**
 * The lead's timeline, oldest first; entries of the same millisecond (one batch, or a frozen test
 * clock) in the order they were written (rowid), which the ids, being random, do not keep.
 */
export function timelineOf(db: Db, leadId: string): Promise<LeadEvent[]> {
  return db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.createdAt), sql`rowid`);
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

/** The owner's "Do not send": the review request and its reminder still waiting are cancelled. How many were. */
export async function cancelWaitingReviews(db: Db, leadId: string, now: number): Promise<number> {
  const cancelled = await db
    .update(leadMessages)
    .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(leadMessages.leadId, leadId),
        inArray(leadMessages.kind, ['review', 'reminder']),
        inArray(leadMessages.status, [...STOPPABLE]),
      ),
    )
    .returning({ id: leadMessages.id });
  return cancelled.length;
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
          inArray(leadMessages.status, [...STOPPABLE]),
        ),
      ),
  ]);
}
