import { assigneeOf, clashingJob, defaultOwnerId } from '../db/assignment';
import type { D1Db as Db } from '../db/client';
import type { Booking } from '../db/lead-jobs';
import { findPerson } from '../db/people';
import type { Lead, Person } from '../db/schema';
import { dayWords, windowWords } from '../rules/job-status';

/**
 * Who goes to a job, checked before anything is written (issue 37): the person chosen on the
 * booking form or the lead page ("person", the current one or the owner when the form has none)
 * must still be here; a window that overlaps another booked job of theirs is sent back with the
 * clash named, unless the form says to go on ("overlap=go-on", the "Book anyway" button).
 */

export const ASSIGN_MESSAGES = {
  gone: 'That person is no longer in the admin. Choose who goes from the list.',
} as const;

/** The form's "go on" answer to an overlap warning. */
export const OVERLAP_FIELD = 'overlap';
export const GO_ON = 'go-on';

export type AssigneeCheck =
  | { ok: true; person: Pick<Person, 'id' | 'name'> }
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
  if (body[OVERLAP_FIELD] !== GO_ON) {
    const clash = await clashingJob(db, { personId: person.id, ownerId, ...booking, leadId: lead.id });
    if (clash) return { ok: false, code: 409, field: 'overlap', message: overlapMessage(clash, person) };
  }
  return { ok: true, person };
}
