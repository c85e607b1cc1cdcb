import { d1Database } from '../db/client';
import { recordJobChange, UNDO_DETAIL } from '../db/job-changes';
import { timelineOf } from '../db/lead-jobs';
import { findLead } from '../db/leads';
import type { Lead, LeadEvent } from '../db/schema';
import type { Bindings } from '../env';
import { mailerConfig } from '../outbox/mailer';
import type { JobStatus } from '../rules/job-status';
import { formIsCurrent, refuseStale } from './stale-form';
import { visitReminderFor } from './visit-reminder';

/**
 * "Mark done" pressed too soon or on the wrong lead: undone, the job goes back to the state it was
 * in before (booked, asked to rebook, contacted or new, from its timeline), its value is cleared,
 * and the review request and its reminder still waiting are cancelled, in the same conditional
 * write as the change (`recordJobChange`). Marked done again later, they are queued again.
 * The form carries the version it was read from, like every status form (`formIsCurrent`).
 */

export type UndoDoneResult = { ok: true; lead: Lead; to: JobStatus } | { ok: false; code: 404 | 409; message: string };

/** The state a lead had before its last "done", from its timeline; new when nothing came before. */
function statusBeforeDone(events: readonly LeadEvent[]): JobStatus {
  const states = events.filter((event) => event.status !== null).map((event) => event.status as JobStatus);
  const lastDone = states.lastIndexOf('done');
  return (lastDone > 0 ? states[lastDone - 1] : undefined) ?? 'new';
}

const reminderOf = (lead: Lead, now: number) =>
  lead.bookedDay && lead.bookedFrom && lead.bookedTo
    ? visitReminderFor({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo }, now)
    : [];

export async function undoDone(
  env: Bindings,
  leadId: string,
  body: Record<string, unknown>,
  actor: string,
  now = Date.now(),
): Promise<UndoDoneResult> {
  const db = d1Database(env);
  const [lead, events] = await Promise.all([findLead(db, leadId), timelineOf(db, leadId)]);
  if (!lead) return { ok: false, code: 404, message: 'That lead no longer exists.' };
  if (!formIsCurrent(lead, body)) return refuseStale(db, lead, now);
  if (lead.jobStatus !== 'done') return { ok: false, code: 409, message: 'This job is no longer marked done.' };
  const to = statusBeforeDone(events);
  const updated = await recordJobChange(db, {
    lead,
    columns: { jobStatus: to, handledAt: null, jobValuePence: null },
    event: { kind: 'status', status: to, actor, detail: UNDO_DETAIL },
    cancels: ['review', 'reminder'],
    // Done cancelled the visit's reminder: booked again, it is queued again (none once its evening has passed).
    queued: to === 'booked' ? reminderOf(lead, now) : [],
    now,
    willSend: mailerConfig(env) !== null,
  });
  if (!updated) return refuseStale(db, (await findLead(db, leadId)) ?? lead, now);
  return { ok: true, lead: updated, to };
}
