import { bestTimeLabel } from '../../content/best-times';
import type { ExportedLead } from '../../db/admin-leads';
import type { LeadMessage } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { bookingWords, JOB_STATUS_LABELS, LOST_REASON_LABELS } from '../../rules/job-status';
import { nationalPhone } from '../../rules/phone';
import { pad2, ukClock } from '../../rules/uk-time';
import { type ContentView, serviceIn } from '../../site-content/view';
import { csvRow } from '../shell/csv-download';

/**
 * The leads' CSV, written for a person: the short reference the screens show, UK times, words
 * instead of codes; cells as `csvCell` writes them (quoted, formulas defused).
 */
/** '2026-11-25 14:05' in UK time: sorts as text and reads as a date in every spreadsheet. */
function ukTimeCell(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const uk = ukClock(ms);
  return `${uk.year}-${pad2(uk.month)}-${pad2(uk.day)} ${pad2(uk.hour)}:${pad2(uk.minute)}`;
}

const DELIVERY: Record<LeadMessage['status'], string> = {
  sent: 'Sent',
  pending: 'Sending',
  retrying: 'Retrying',
  failed: 'Failed',
  skipped: 'Not e-mailed',
  cancelled: 'Not needed',
};

/** An e-mail's delivery in words: 'Sent 2026-11-25 14:05', 'Failed after 8 attempts: HTTP 400'. */
function deliveryCell(message: LeadMessage | null): string {
  if (!message) return '';
  if (message.status === 'sent') return `Sent ${ukTimeCell(message.sentAt)}`.trim();
  const tries = message.attempts > 0 ? ` after ${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}` : '';
  return `${DELIVERY[message.status]}${tries}${message.lastError ? `: ${message.lastError}` : ''}`;
}

const AREA_CHECK: Record<string, string> = {
  covered: 'In our areas',
  outside: 'Outside our areas',
  unknown: 'No postcode recognised',
};

export const LEAD_CSV_HEADER = [
  'Reference',
  'Received (UK time)',
  'Form',
  'Status',
  'Name',
  'Phone',
  'E-mail',
  'Address',
  'Service',
  'Message',
  'Best time to call',
  'Area check',
  'Photos',
  'Booking',
  'Job value (£)',
  'Why lost',
  'Closed (UK time)',
  'E-mail to you',
  'Confirmation to the customer',
  'Came from',
  'Form page',
  'Previous page',
  'Referring site',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'Google click id',
] as const;

export function leadCsvRow({ lead, owner, customer, photoCount }: ExportedLead, content: ContentView): string {
  const booking =
    lead.bookedDay && lead.bookedFrom && lead.bookedTo
      ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo })
      : '';
  return csvRow([
    leadReference(lead.id),
    ukTimeCell(lead.createdAt),
    lead.kind === 'quote' ? 'Quote request' : 'Contact message',
    JOB_STATUS_LABELS[lead.jobStatus],
    lead.name,
    // The national form ('07700 900777'): never starts with a formula character, so no apostrophe.
    nationalPhone(lead.phone),
    lead.email,
    lead.address,
    lead.service ? (serviceIn(content, lead.service)?.title ?? lead.service) : '',
    lead.message,
    bestTimeLabel(lead.bestTime),
    AREA_CHECK[lead.areaCheck] ?? '',
    photoCount,
    booking,
    lead.jobValuePence === null ? '' : (lead.jobValuePence / 100).toFixed(2),
    lead.lostReason ? LOST_REASON_LABELS[lead.lostReason] : '',
    ukTimeCell(lead.handledAt),
    deliveryCell(owner),
    deliveryCell(customer),
    lead.source ? lead.source[0]!.toUpperCase() + lead.source.slice(1) : '',
    lead.formPage,
    lead.previousPage,
    lead.referrerOrigin,
    lead.utmSource,
    lead.utmMedium,
    lead.utmCampaign,
    lead.utmTerm,
    lead.utmContent,
    lead.gclid,
  ]);
}
