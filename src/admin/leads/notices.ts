import type { NoticeTone } from '../shell/MessagePage';
import { NOT_E_MAILED } from '../shell/mail-off';

/** Said after any action that took a visit still ahead off (Mark lost, Delete, a person's Erase). */
const VISIT_CANCELLED = 'The customer is being e-mailed that the visit is cancelled, with a calendar file that removes it.';

/** What the customer of an erased lead is not told while e-mail is not set up (their details are gone). */
const VISITS_NOT_TOLD = (visits: number) =>
  `E-mail is not set up, so the customer was not told that ${visits > 1 ? `the ${visits} visits are` : 'the visit is'} cancelled.`;

/** The same after a person's Erase, which may cancel more than one visit. */
export const visitsCancelled = (visits: number, mailOn: boolean) => {
  if (!mailOn) return VISITS_NOT_TOLD(visits);
  return visits > 1
    ? `The customer is being e-mailed that the ${visits} visits are cancelled, with calendar files that remove them.`
    : VISIT_CANCELLED;
};

/** What the leads pages say after an action (?notice=…). */
export const LEAD_NOTICES = {
  sent: ['success', 'The e-mail was sent again and the mail service accepted it.'],
  retrying: ['error', 'The mail service is failing for now. The lead stays queued and is retried automatically.'],
  failed: ['error', 'The mail service refused the e-mail again; its answer is shown on the lead.'],
  'not-recorded': ['error', 'The e-mail was tried but its result could not be saved; it is retried automatically.'],
  'mail-off': ['error', 'E-mail is not configured (no MAILCHANNELS_API_KEY), so nothing can be resent.'],
  'not-resendable': ['info', 'That e-mail is no longer failed or skipped, so it was not sent again.'],
  contacted: ['success', 'Marked contacted.'],
  booked: ['success', 'Booked. The customer is being e-mailed the booking.'],
  moved: ['success', 'Moved. The customer is being e-mailed the new time, with a calendar file that moves the visit.'],
  done: ['success', 'Marked done. The review request goes to the customer in about two hours.'],
  lost: ['success', 'Marked lost.'],
  'lost-visit': ['success', `Marked lost. ${VISIT_CANCELLED}`],
  undone: ['success', 'Done was undone. A review request still waiting will not be sent.'],
  'review-cancelled': ['success', 'The review request will not be sent.'],
  'review-not-waiting': ['info', 'No review request was waiting, so nothing was cancelled.'],
  assigned: ['success', 'The job is theirs now. It is on their schedule and in their calendar.'],
  unchanged: ['info', 'Nothing changed: the visit was already booked for that time.'],
  noted: ['success', 'Note added.'],
  missing: ['error', 'That lead no longer exists.'],
  deleted: ['success', 'The lead was deleted, with everything stored with it.'],
  'deleted-visit': ['success', `The lead was deleted, with everything stored with it. ${VISIT_CANCELLED}`],
  erased: ['success', 'The leads were deleted.'],
  'erased-visit': ['success', `The leads were deleted. ${VISIT_CANCELLED}`],
  'erased-unsent': ['success', 'The quotes and invoices never sent were deleted.'],
} as const satisfies Record<string, readonly [NoticeTone, string]>;
export type LeadNotice = keyof typeof LEAD_NOTICES;

/** The notices that say a customer is e-mailed, as they read while e-mail is not set up (`NOT_E_MAILED`). */
const WITHOUT_MAIL: Partial<Record<LeadNotice, string>> = {
  booked: `Booked. ${NOT_E_MAILED}`,
  moved: `Moved. ${NOT_E_MAILED}`,
  done: 'Marked done. E-mail is not set up, so the customer is not asked for a review.',
  'lost-visit': `Marked lost. ${NOT_E_MAILED}`,
  'deleted-visit': `The lead was deleted, with everything stored with it. ${VISITS_NOT_TOLD(1)}`,
  'erased-visit': `The leads were deleted. ${VISITS_NOT_TOLD(1)}`,
};

/** A notice's tone and words, true to whether e-mail is set up. */
export function leadNotice(notice: LeadNotice, mailOn: boolean): readonly [NoticeTone, string] {
  const [tone, text] = LEAD_NOTICES[notice];
  return [tone, (!mailOn && WITHOUT_MAIL[notice]) || text];
}
