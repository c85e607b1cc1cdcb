import type { Lead } from '../db/schema';
import { dayWords, ON_THE_DAY } from '../rules/job-status';

/** The form's answer to "mark it done anyway?": a second submit of the same form (no JavaScript needed). */
export const CONFIRM_FIELD = 'confirm';
export const CONFIRMED = 'yes';

/**
 * "Mark done" before the visit's day is more likely a slip or the wrong lead than a job finished
 * early: it is asked again, and nothing is changed (nor the review request queued) until the
 * answer is yes. The question, or null when there is nothing to ask.
 */
export function doneBeforeVisit(
  lead: Pick<Lead, 'jobStatus' | 'bookedDay'>,
  body: Record<string, unknown>,
  today: string,
): string | null {
  if (!ON_THE_DAY.includes(lead.jobStatus) || !lead.bookedDay || lead.bookedDay <= today) return null;
  if (body[CONFIRM_FIELD] === CONFIRMED) return null;
  return `The visit is on ${dayWords(lead.bookedDay)}: mark it done anyway?`;
}
