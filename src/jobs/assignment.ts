import { assigneeFreeSql, assigneeOf, clashingJob, defaultOwnerId, type WriteGuard } from '../db/assignment';
import type { D1Db as Db } from '../db/client';
import { recordJobChange } from '../db/job-changes';
import type { Booking } from '../db/lead-jobs';
import { findLead } from '../db/leads';
import { findPerson } from '../db/people';
import type { Lead, Person } from '../db/schema';
import { dayWords, windowWords } from '../rules/job-status';
import { engineerNotices } from './engineer-notices';
import { leadVersion, refuseStale } from './stale-form';

/**
 * Who goes to a job, checked before anything is written (issue 37): the person chosen on the
 * booking form or the lead page ("person", the current one or the owner when the form has none)
 * must still be here; a window that overlaps another booked job of theirs is sent back with the
 * clash named, unless the form says to go on ("overlap=go-on", the "Book anyway" button).
 * The check is made twice: here, to name the clash, and again as the `guard` of the write itself,
 * so two jobs given to one person at once cannot both pass it.
 */

const ASSIGN_MESSAGES = {
  gone: 'That person is no longer in the admin. Choose who goes from the list.',
} as const;

/** The form's "go on" answer to an overlap warning. */
export const OVERLAP_FIELD = 'overlap';
export const GO_ON = 'go-on';

export type AssigneeCheck =
  | { ok: true; person: Pick<Person, 'id' | 'name'> /** The same check, for the write's own statement. */; guard: WriteGuard }
  | { ok: false; code: 409 | 422; field: 'person' | 'overlap'; message: string };

/** 'This overlaps Jane Smith's job, 10am to 12pm on Thursday 26 November 2026 (Sam would be at both).' */
const overlapMessage = (clash: Lead, person: Pick<Person, 'name'>) =>
  `This overlaps ${clash.name}’s job, ${windowWords(clash.bookedFrom!, clash.bookedTo!)} on ${dayWords(clash.bookedDay!)} (${person.name} would be at both).`;

export async function checkAssignee(db: Db, lead: Lead, body: Record<string, unknown>, booking: Booking): Promise<AssigneeCheck> {
  const ownerId = await defaultOwnerId(db);
  const raw = typeof body.person === 'string' ? body.person.trim() : '';
  let person: Pick<Person, 'id' | 'name'> | undefined;
  if (raw === '') {
    // No choice on the form: the job stays with whoever has it, or the owner when they are gone.
    const current = assigneeOf(lead, ownerId);
    person =
      (current !== null ? await findPerson(db, current) : undefined) ??
      (ownerId !== null ? await findPerson(db, ownerId) : undefined);
  } else if (/^[1-9]\d{0,9}$/.test(raw)) {
    person = await findPerson(db, Number(raw));
  }
  if (!person) return { ok: false, code: 422, field: 'person', message: ASSIGN_MESSAGES.gone };
  const query = { personId: person.id, ownerId, ...booking, leadId: lead.id };
  const goOn = body[OVERLAP_FIELD] === GO_ON;
  if (!goOn) {
    const clash = await clashingJob(db, query);
    if (clash) return { ok: false, code: 409, field: 'overlap', message: overlapMessage(clash, person) };
  }
  return { ok: true, person, guard: assigneeFreeSql(query, goOn) };
}

export type Refusal = { ok: false; code: 404 | 409 | 422; field?: 'person' | 'overlap'; message: string };

/**
 * Why a guarded write read from `version` did not take: the lead changed since (named), or,
 * read again, the person has left or another job of theirs now overlaps.
 */
export async function whyNotWritten(
  db: Db,
  leadId: string,
  version: string,
  body: Record<string, unknown>,
  booking: Booking,
  now: number,
): Promise<Refusal> {
  const lead = await findLead(db, leadId);
  if (!lead) return { ok: false, code: 404, message: 'That lead no longer exists.' };
  if (leadVersion(lead) !== version) return refuseStale(db, lead, now);
  const who = await checkAssignee(db, lead, body, booking);
  return who.ok ? refuseStale(db, lead, now) : who;
}

/**
 * A booked job given to someone (the customer is not e-mailed): the lead's assignee and a
 * timeline entry naming them, in one conditional write on the version read and the check made,
 * with the e-mails telling the engineers it concerns (`engineerNotices`).
 */
export async function recordAssignment(
  db: Db,
  lead: Lead,
  who: Extract<AssigneeCheck, { ok: true }>,
  actor: string,
  now: number,
  /** False without a mail key: the engineers' e-mails are written as skipped (their alerts still go). */
  willSend: boolean,
): Promise<Lead | undefined> {
  const columns = { jobStatus: lead.jobStatus, assignedTo: who.person.id };
  return recordJobChange(db, {
    lead,
    columns,
    event: { kind: 'assigned', status: null, actor, detail: who.person.name },
    guard: who.guard,
    queued: await engineerNotices(db, lead, columns, now),
    now,
    willSend,
  });
}
