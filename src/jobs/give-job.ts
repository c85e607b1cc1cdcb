import { assigneeOf, defaultOwnerId } from '../db/assignment';
import { d1Database } from '../db/client';
import { findLead } from '../db/leads';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { mailerConfig } from '../outbox/mailer';
import { checkAssignee, type Refusal, recordAssignment, whyNotWritten } from './assignment';
import { formIsCurrent, leadVersion, refuseStale } from './stale-form';

/**
 * "Give the job to someone else" on a booked lead: the booking stays, the customer is not
 * e-mailed (the engineers it concerns are, `engineerNotices`). Read from the lead as the form saw it (its version), the person still here and free
 * at that time unless the owner goes on anyway; of two people giving one job at once, one wins
 * and the other is told who did.
 */

export type GiveJobResult = { ok: true; lead: Lead; personId: number } | Refusal;

const NOT_BOOKED = 'Only a booked job can be given to someone. Book the visit first.';

export async function giveJob(
  env: Bindings,
  leadId: string,
  body: Record<string, unknown>,
  actor: string,
  now = Date.now(),
): Promise<GiveJobResult> {
  const db = d1Database(env);
  const lead = await findLead(db, leadId);
  if (!lead) return { ok: false, code: 404, message: 'That lead no longer exists.' };
  if (!formIsCurrent(lead, body)) return refuseStale(db, lead, now);
  if (lead.jobStatus !== 'booked' || !lead.bookedDay || !lead.bookedFrom || !lead.bookedTo) {
    return { ok: false, code: 409, message: NOT_BOOKED };
  }
  const booking = { day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo };
  const who = await checkAssignee(db, lead, body, booking);
  if (!who.ok) return who;
  // Already theirs: nothing to record.
  if (assigneeOf(lead, await defaultOwnerId(db)) === who.person.id) return { ok: true, lead, personId: who.person.id };
  const updated = await recordAssignment(db, lead, who, actor, now, mailerConfig(env) !== null);
  if (!updated) return whyNotWritten(db, lead.id, leadVersion(lead), body, booking, now);
  return { ok: true, lead: updated, personId: who.person.id };
}
