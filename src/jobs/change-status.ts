import { assigneeOf, defaultOwnerId, type WriteGuard } from '../db/assignment';
import { type D1Db, d1Database } from '../db/client';
import { MOVED, type QueuedMessage } from '../db/job-changes';
import { recordStatusChange, type StatusChange } from '../db/lead-jobs';
import { findLead } from '../db/leads';
import { acceptedQuoteOfLead } from '../db/quote-reads';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { mailerConfig } from '../outbox/mailer';
import { LEASE_MS } from '../outbox/retry-rule';
import { bookingWords, LOST_REASON_LABELS } from '../rules/job-status';
import { formatPenceBrief } from '../rules/money';
import { londonDay, pad2, ukClock } from '../rules/uk-time';
import { checkAssignee, recordAssignment, whyNotWritten } from './assignment';
import { CONFIRM_FIELD, doneBeforeVisit } from './done-early';
import { engineerNotices } from './engineer-notices';
import { formIsCurrent, leadVersion, refuseStale } from './stale-form';
import { readStatusForm, type StatusField } from './status-form';
import { visitCancellation } from './visit-cancel';
import { visitReminderFor } from './visit-reminder';

/** The review request goes about two hours after the job is marked done; one reminder five days after that. */
export const REVIEW_DELAY_MS = 2 * 60 * 60_000;
export const REMINDER_DELAY_MS = 5 * 24 * 60 * 60_000;

export type StatusChangeResult =
  | { ok: true; lead: Lead; change: StatusChange; unchanged?: true; moved?: true; reassigned?: true; visitCancelled?: true }
  | { ok: false; code: 404 | 409 | 422; field?: StatusField | 'person' | 'overlap' | typeof CONFIRM_FIELD; message: string };

/** The timeline's words for a change: the booking, the value or the reason. */
function changeDetail(change: StatusChange): string {
  switch (change.to) {
    case 'booked':
      return bookingWords(change.booking);
    case 'done':
      return change.valuePence === null ? '' : `Job value ${formatPenceBrief(change.valuePence)}`;
    case 'lost':
      return LOST_REASON_LABELS[change.reason];
    default:
      return '';
  }
}

/** Whether the job is already this person's (an unassigned job is the owner's). */
const assigneeIs = async (db: D1Db, lead: Lead, personId: number) => assigneeOf(lead, await defaultOwnerId(db)) === personId;

const sameBooking = (lead: Lead, booking: { day: string; from: string; to: string }) =>
  lead.bookedDay === booking.day && lead.bookedFrom === booking.from && lead.bookedTo === booking.to;

/** The booking a move replaces, in words for the timeline. */
const movedFrom = (lead: Lead) =>
  lead.bookedDay ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom!, to: lead.bookedTo! }) : 'no time';

/** A new time for a visit the customer has (booked, or asked to rebook): their e-mail says it moved. */
const isMove = (lead: Lead, change: StatusChange) =>
  change.to === 'booked' && (lead.jobStatus === 'booked' || lead.jobStatus === 'rebook');

/** The customer's e-mails a change queues: the booking (or its move) at once and the visit's reminder the evening before; for a job done, the review request and its reminder, unless they said stop. */
function queuedFor(change: StatusChange, lead: Lead, now: number): QueuedMessage[] {
  if (change.to === 'booked') {
    const booking: QueuedMessage = { kind: 'booking', dueAt: now + LEASE_MS, about: isMove(lead, change) ? MOVED : '' };
    return [booking, ...visitReminderFor(change.booking, now)];
  }
  if (change.to === 'done' && lead.reviewsStoppedAt === null) {
    return [
      { kind: 'review', dueAt: now + REVIEW_DELAY_MS },
      { kind: 'reminder', dueAt: now + REVIEW_DELAY_MS + REMINDER_DELAY_MS },
    ];
  }
  return [];
}

/** What the engineers' notices compare with the lead as it was: its status, visit and who goes after the change. */
const columnsAfter = (change: StatusChange, lead: Lead): Partial<Lead> =>
  change.to === 'booked'
    ? {
        jobStatus: 'booked',
        bookedDay: change.booking.day,
        bookedFrom: change.booking.from,
        bookedTo: change.booking.to,
        assignedTo: change.assignee ?? lead.assignedTo,
      }
    : { jobStatus: change.to };

/**
 * The one front door for a status change from the admin: checks the form against the lead as it
 * is, records the change, its timeline entry and its e-mails together, or changes nothing and
 * says why. The form must have been read from the lead as it is (its version, `formIsCurrent`):
 * one read before someone else's change is refused with that change named, so two people moving
 * one visit, or a move against the customer's cancellation, leave one winner and one e-mail.
 * (An audit record of the change belongs here, beside the change itself.)
 */
export async function changeLeadStatus(
  env: Bindings,
  leadId: string,
  body: Record<string, unknown>,
  actor: string,
  now = Date.now(),
): Promise<StatusChangeResult> {
  const db = d1Database(env);
  const lead = await findLead(db, leadId);
  if (!lead) return { ok: false, code: 404, message: 'That lead no longer exists.' };
  if (!formIsCurrent(lead, body)) return refuseStale(db, lead, now);
  const clock = ukClock(now);
  const read = readStatusForm(body, lead.jobStatus, londonDay(now), `${pad2(clock.hour)}:${pad2(clock.minute)}`, !lead.address);
  if (!read.ok) return { ok: false, code: 422, field: read.field, message: read.message };
  let { change } = read;
  if (change.to === 'done') {
    const question = doneBeforeVisit(lead, body, londonDay(now));
    if (question) return { ok: false, code: 409, field: CONFIRM_FIELD, message: question };
    // A job with an accepted quote is worth what the customer accepted, whatever the form said.
    const accepted = await acceptedQuoteOfLead(db, lead.id);
    if (accepted) change = { ...change, valuePence: accepted.grossPence };
  }
  let guard: WriteGuard | undefined;
  if (change.to === 'booked') {
    const who = await checkAssignee(db, lead, body, change.booking);
    if (!who.ok) return who;
    change = { ...change, assignee: who.person.id };
    guard = who.guard;
    // The same booking again (a resent form) changes nothing, so it records nothing;
    // the same booking for someone else only gives them the job (the customer is not e-mailed again).
    if (lead.jobStatus === 'booked' && sameBooking(lead, change.booking) && !change.address) {
      if (await assigneeIs(db, lead, who.person.id)) return { ok: true, lead, change, unchanged: true };
      const given = await recordAssignment(db, lead, who, actor, now, mailerConfig(env) !== null);
      if (!given) return whyNotWritten(db, lead.id, leadVersion(lead), body, change.booking, now);
      return { ok: true, lead: given, change, unchanged: true, reassigned: true };
    }
  }
  // Lost while the visit is still ahead: the customer's calendar is told it is off.
  const off = change.to === 'lost' ? visitCancellation(lead, now) : undefined;
  const engineers = await engineerNotices(db, lead, columnsAfter(change, lead), now);
  const updated = await recordStatusChange(
    db,
    lead,
    change,
    { actor, detail: isMove(lead, change) ? `${changeDetail(change)} (moved from ${movedFrom(lead)})` : changeDetail(change) },
    [...queuedFor(change, lead, now), ...(off?.queued ?? []), ...engineers],
    now,
    mailerConfig(env) !== null,
    off,
    guard,
  );
  if (!updated) {
    if (change.to === 'booked') return whyNotWritten(db, lead.id, leadVersion(lead), body, change.booking, now);
    return refuseStale(db, (await findLead(db, leadId)) ?? lead, now);
  }
  return {
    ok: true,
    lead: updated,
    change,
    ...(isMove(lead, change) ? { moved: true as const } : {}),
    ...(off?.queued?.length ? { visitCancelled: true as const } : {}),
  };
}

/**
 * "Finished" on site, when the owner's setting says it marks the job done (issue 50): a booked job
 * (or one the customer asked to move) becomes done, with the review request "Mark done" queues.
 * Whether it took (another change since the lead was read: nothing is written).
 */
export async function markDoneFromSite(env: Bindings, lead: Lead, actor: string, now: number): Promise<boolean> {
  if (lead.jobStatus !== 'booked' && lead.jobStatus !== 'rebook') return false;
  const change: StatusChange = { to: 'done', valuePence: null };
  const db = d1Database(env);
  const updated = await recordStatusChange(
    db,
    lead,
    change,
    { actor, detail: 'Finished on site' },
    queuedFor(change, lead, now),
    now,
    mailerConfig(env) !== null,
  );
  return updated !== undefined;
}
