import type { D1Db } from '../db/client';
import { UNDO_DETAIL } from '../db/job-changes';
import { timelineOf } from '../db/lead-jobs';
import type { Lead, LeadEvent } from '../db/schema';
import { JOB_STATUS_LABELS } from '../rules/job-status';
import { leadVersion, VERSION_FIELD } from '../rules/lead-version';
import { formatLondon, formatLondonTime, londonDay } from '../rules/uk-time';

/**
 * Every form that changes a lead (its status, its booking, who goes) carries the version of the
 * lead it was read from: `state_change`, the id of the change that made the lead what it is
 * (`recordJobChange`). A form from an older version, or from no version at all, changes
 * nothing: the person is told what happened since, from the timeline, and given the lead as it
 * is now, their own entries kept in the form.
 */

export { leadVersion };

/** Whether the form was read from the lead as it is (a form without a version never was). */
export const formIsCurrent = (lead: Pick<Lead, 'stateChange'>, body: Record<string, unknown>) =>
  typeof body[VERSION_FIELD] === 'string' && body[VERSION_FIELD] === leadVersion(lead);

const STALE_OPENING = 'The lead changed while you were looking at it.';
const STALE_CLOSING = 'Nothing was changed: here is the lead as it is now.';

const ACTOR: Record<string, string> = { owner: 'The owner', customer: 'The customer', system: 'The site' };

/** What the entry did, in a sentence without its time: 'Sam moved the visit to Thursday 3 December 2026, 10am to 12pm'. */
function changeWords(event: LeadEvent): string {
  const who = ACTOR[event.actor] ?? event.actor;
  switch (event.kind) {
    case 'cancel':
      return 'The customer cancelled the visit';
    case 'rebook':
      return 'The customer asked to rebook the visit';
    case 'assigned':
      return `${who} gave the job to ${event.detail}`;
    case 'status':
      break;
    default:
      return `${who} changed the lead`;
  }
  if (event.detail === UNDO_DETAIL) return `${who} undid “done”`;
  switch (event.status) {
    case 'booked': {
      const moved = event.detail.indexOf(' (moved from ');
      return moved >= 0
        ? `${who} moved the visit to ${event.detail.slice(0, moved)}`
        : `${who} booked the visit for ${event.detail}`;
    }
    case 'done':
      return `${who} marked the job done`;
    case 'lost':
      return `${who} marked the lead lost${event.detail ? ` (${event.detail})` : ''}`;
    default:
      return `${who} marked the lead ${JOB_STATUS_LABELS[event.status ?? 'new'].toLowerCase()}`;
  }
}

/** 'at 2:02pm' today, else 'on 3 Dec 2026, 2:02pm'. */
function whenWords(at: number, now: number): string {
  return londonDay(at) === londonDay(now) ? `at ${formatLondonTime(at)}` : `on ${formatLondon(at)}`;
}

/** The entry that made the lead what it is: the one with its version's id, or (older leads) the last change of state. */
function lastChangeOf(lead: Pick<Lead, 'stateChange'>, events: readonly LeadEvent[]): LeadEvent | undefined {
  return (
    events.find((event) => event.id === lead.stateChange) ??
    events.findLast((event) => event.kind !== 'note' && event.kind !== 'called')
  );
}

/** The refusal of a stale form: what happened since, who did it and when. */
function staleMessage(lead: Pick<Lead, 'stateChange'>, events: readonly LeadEvent[], now: number): string {
  const last = lastChangeOf(lead, events);
  const since = last ? ` ${changeWords(last)} ${whenWords(last.createdAt, now)}.` : '';
  return `${STALE_OPENING}${since} ${STALE_CLOSING}`;
}

export type StaleRefusal = { ok: false; code: 409; message: string };

/** The 409 for a form read from an older version of this lead. */
export async function refuseStale(db: D1Db, lead: Pick<Lead, 'id' | 'stateChange'>, now: number): Promise<StaleRefusal> {
  return { ok: false, code: 409, message: staleMessage(lead, await timelineOf(db, lead.id), now) };
}
