import { bestTimeLabel } from '../content/best-times';
import type { LeadView } from '../db/admin-leads';
import type { InvoiceRecord } from '../db/invoice-records';
import type { QuoteWithLines } from '../db/quotes';
import type { Lead, LeadEvent, LeadMessage } from '../db/schema';
import type { SiteRecord } from '../db/site-work';
import { bookingWords, JOB_STATUS_LABELS, LOST_REASON_LABELS } from '../rules/job-status';
import { type ContentView, serviceIn } from '../site-content/view';
import { exportedInvoice } from './invoice-export';

/**
 * The answer to a subject access request, in the person's words: what findLeadsForPerson found,
 * every stored field of it, read as the person reads it (labels, the booking in words, times in
 * ISO 8601).
 */

const isoTime = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** One e-mail's delivery, as the person reads it. */
function exportedMessage(message: LeadMessage | undefined) {
  if (!message) return null;
  return {
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    nextAttempt: isoTime(message.nextAttemptAt),
    sent: isoTime(message.sentAt),
  };
}

const EVENT_WHAT: Record<LeadEvent['kind'], string> = {
  status: 'Status changed',
  note: 'Note',
  rebook: 'You asked to rebook',
  cancel: 'You asked to cancel',
  assigned: 'Given to someone in the firm',
  called: 'We called you (or opened WhatsApp to you)',
  quote: 'Quote',
  invoice: 'Invoice',
};

/** The job: its status, booking, value, and its timeline (status changes, notes, your requests). */
function exportedJob(lead: Lead, events: readonly LeadEvent[]) {
  return {
    status: JOB_STATUS_LABELS[lead.jobStatus],
    booking:
      lead.bookedDay && lead.bookedFrom && lead.bookedTo
        ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo })
        : null,
    jobValuePounds: lead.jobValuePence === null ? null : lead.jobValuePence / 100,
    whyLost: lead.lostReason ? LOST_REASON_LABELS[lead.lostReason] : null,
    timeline: events.map((event) => ({
      at: isoTime(event.createdAt),
      what: EVENT_WHAT[event.kind],
      by: event.actor,
      ...(event.status ? { status: JOB_STATUS_LABELS[event.status] } : {}),
      ...(event.detail ? { detail: event.detail } : {}),
    })),
  };
}

/** The review requests: each e-mail's delivery, whether the link was opened, whether you stopped them. */
function exportedReviews(lead: Lead, messages: readonly LeadMessage[]) {
  return {
    request: exportedMessage(messages.find((message) => message.kind === 'review')),
    reminder: exportedMessage(messages.find((message) => message.kind === 'reminder')),
    linkOpened: isoTime(lead.reviewClickedAt),
    stopped: isoTime(lead.reviewsStoppedAt),
  };
}

/**
 * Where the lead came from, as the requests said it (`leadAttribution`): it is stored with
 * the lead, so it is the person's data too. Null where nothing was seen (and on leads from before
 * it was recorded).
 */
function exportedAttribution(lead: Lead) {
  return {
    source: lead.source,
    formPage: lead.formPage,
    previousPage: lead.previousPage,
    referringSite: lead.referrerOrigin,
    utmSource: lead.utmSource,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    utmTerm: lead.utmTerm,
    utmContent: lead.utmContent,
    googleAdsClickId: lead.gclid,
  };
}

/** What the engineer recorded at the visit (issue 50): times, notes, the checklist, the pictures listed, the signature. */
const hasSiteWork = (record: SiteRecord) =>
  record.events.length + record.notes.length + record.answers.length + record.media.length > 0 || record.signature !== undefined;

function exportedSiteWork(record: SiteRecord) {
  return {
    times: record.events.map((event) => ({ what: event.kind, at: isoTime(event.createdAt) })),
    notes: record.noteHistory.map((note) => ({
      found: note.found,
      done: note.done,
      recommended: note.recommended,
      at: isoTime(note.createdAt),
    })),
    checklist: record.answers.map((answer) => ({
      question: answer.question,
      answer: answer.answer,
      at: isoTime(answer.createdAt),
    })),
    photosAndVideos: record.media.map((item) => ({
      kind: item.kind,
      taken: item.stage,
      type: item.contentType,
      bytes: item.bytes,
    })),
    signature: record.signature
      ? {
          typedName: record.signature.typedName,
          notPresent: record.signature.notPresent,
          at: isoTime(record.signature.createdAt),
        }
      : null,
  };
}

/** One lead as the person reads it: every stored field, times in ISO 8601 (UTC). */
function exportedLead(
  { lead, messages, photos }: LeadView,
  content: ContentView,
  events: readonly LeadEvent[],
  site?: SiteRecord,
) {
  return {
    reference: lead.id,
    form: lead.walkIn ? 'None: made when we sent you a quote' : lead.kind === 'contact' ? 'Contact form' : 'Free quote request',
    received: isoTime(lead.createdAt),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    propertyAddress: lead.address,
    service: lead.service ? (serviceIn(content, lead.service)?.title ?? lead.service) : '',
    message: lead.message,
    bestTimeToCall: lead.bestTime ? bestTimeLabel(lead.bestTime) : '',
    serviceAreaCheck: lead.areaCheck,
    cameFrom: exportedAttribution(lead),
    photos: photos.map((photo) => ({ number: photo.position, type: photo.contentType, bytes: photo.bytes })),
    emailToUs: exportedMessage(messages.find((message) => message.kind === 'owner')),
    confirmationToYou: exportedMessage(messages.find((message) => message.kind === 'customer')),
    bookingEmailsToYou: messages.filter((message) => message.kind === 'booking').map(exportedMessage),
    visitRemindersToYou: messages.filter((message) => message.kind === 'visit').map(exportedMessage),
    yourRequestsToUs: messages.filter((message) => message.kind === 'notice').map(exportedMessage),
    job: exportedJob(lead, events),
    // Only where the visit recorded something: most leads never had one.
    ...(site && hasSiteWork(site) ? { atTheVisit: exportedSiteWork(site) } : {}),
    reviewRequests: exportedReviews(lead, messages),
    quoteRemindersStopped: isoTime(lead.quoteRemindersStoppedAt),
    markedHandled: isoTime(lead.handledAt),
    lastUpdated: isoTime(lead.updatedAt),
  };
}

/** A quote sent to the person (or drafted for them): every version, its lines, and their acceptance as recorded. */
function exportedQuote({ quote, lines, acceptance }: QuoteWithLines) {
  return {
    number: quote.number,
    version: quote.version,
    state: quote.state,
    name: quote.customerName,
    email: quote.customerEmail,
    phone: quote.customerPhone,
    address: quote.customerAddress,
    business: quote.business,
    sent: isoTime(quote.sentAt),
    seen: isoTime(quote.viewedAt),
    validUntil: isoTime(quote.validUntil),
    notes: quote.notes,
    declineReason: quote.declineReason,
    depositAsked: { percent: quote.depositPercent, pence: quote.depositPence },
    lines: lines.map((line) => ({
      description: line.description,
      kind: line.kind,
      quantity: line.quantityMilli / 1000,
      unitPricePence: line.unitPence,
      vatRate: line.vatRate,
      optional: line.optional,
      alternativeGroup: line.group,
    })),
    acceptance: acceptance
      ? {
          at: isoTime(acceptance.acceptedAt),
          typedName: acceptance.typedName,
          totalPence: acceptance.grossPence,
          depositPence: acceptance.depositPence,
          startWithin14Days: acceptance.expressStart,
          record: acceptance.canonical,
          sha256: acceptance.hash,
        }
      : null,
  };
}

export type SubjectAccessExport = ReturnType<typeof subjectAccessExport>;

/**
 * A subject access answer: exactly these leads, every stored field, readable and JSON-ready
 * (`JSON.stringify(result, null, 2)` for a file to send the person). The photos are listed; the
 * owner downloads them from the lead's page to send with it.
 */
export function subjectAccessExport(
  found: readonly LeadView[],
  generatedAt: number,
  content: ContentView,
  events: readonly LeadEvent[] = [],
  quotes: readonly QuoteWithLines[] = [],
  /** What was recorded on site, by lead id. */
  siteWork: ReadonlyMap<string, SiteRecord> = new Map(),
  /** Invoices billed on these leads, with their credit notes and payments. */
  invoices: readonly InvoiceRecord[] = [],
) {
  const { site } = content;
  return {
    about: `Personal data held by ${site.name} from its website's contact and quote forms`,
    controller: { name: site.name, email: site.email.address, phone: site.phone.emergency.display },
    generatedAt: isoTime(generatedAt),
    leadCount: found.length,
    leads: found.map((view) =>
      exportedLead(
        view,
        content,
        events.filter((event) => event.leadId === view.lead.id),
        siteWork.get(view.lead.id),
      ),
    ),
    quotes: quotes.map(exportedQuote),
    invoices: invoices.map(exportedInvoice),
  };
}
