import { asc, inArray, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { bestTimeLabel } from '../content/best-times';
import { bookingWords, JOB_STATUS_LABELS, LOST_REASON_LABELS } from '../rules/job-status';
import { phoneDigitVariants } from '../rules/phone';
import { type ContentView, serviceIn } from '../site-content/view';
import type { LeadView } from './admin-leads';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type Lead, type LeadEvent, type LeadMessage, leadEvents, leadMessages, leadPhotos, leads } from './schema';
import { storedPhoneDigits } from './stored-phone';

/** The owner's tools for a person's privacy requests: find, export and delete their leads. */

/** Who to look for: an e-mail address, a phone number, or both (checked by src/privacy/person-search.ts). */
export interface PersonSearch {
  email?: string;
  phone?: string;
}

/** SQLite's lower() folds ASCII only, so the search term is folded the same way. */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/**
 * Every lead with this e-mail address (trimmed, ASCII case ignored) or this phone number (digits
 * compared; a UK number matches in its 0, +44, 0044 and +44 (0) forms), oldest first. With
 * neither, nothing: an empty search must never list everyone.
 */
export async function findLeadsForPerson(db: Db, person: PersonSearch): Promise<Lead[]> {
  const email = asciiLower(person.email?.trim() ?? '');
  const phones = person.phone?.trim() ? phoneDigitVariants(person.phone).filter((digits) => digits !== '') : [];
  const matches = [
    email ? sql`lower(trim(${leads.email})) = ${email}` : undefined,
    phones.length > 0 ? sql`${leads.phone} <> '' and ${storedPhoneDigits} in ${phones}` : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return [];
  return db
    .select()
    .from(leads)
    .where(or(...matches))
    .orderBy(asc(leads.createdAt), asc(leads.id));
}

/**
 * Deletes exactly these leads with their messages and their photos' rows (in one transaction) and
 * returns how many leads existed. The rows that hang off a lead are deleted by name, not left to
 * the foreign keys' cascade, so nothing depends on SQLite's foreign_keys setting. The photos'
 * files are R2's: src/privacy/erase.ts deletes those first.
 */
export async function deleteLeads(db: Db, ids: readonly string[]): Promise<number> {
  return (await deleteLeadRows(db, ids)).erased;
}

/**
 * deleteLeads, also returning the photo rows it deleted (their R2 keys): a small version listed
 * after the caller read the photos (the owner's browser drawing one at that moment) shows here.
 * `first` runs in the same transaction before the deletes (an erased visit's cancellation:
 * src/privacy/erasure-mail.ts).
 */
export async function deleteLeadRows(
  db: Db,
  ids: readonly string[],
  first: readonly BatchItem<'sqlite'>[] = [],
): Promise<{ erased: number; photos: { key: string; smallKey: string | null }[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { erased: 0, photos: [] };
  const hangers = [];
  const photoDeletes = [];
  const deletes = [];
  for (const chunk of chunksOf(unique)) {
    hangers.push(db.delete(leadMessages).where(inArray(leadMessages.leadId, chunk)));
    hangers.push(db.delete(leadEvents).where(inArray(leadEvents.leadId, chunk)));
    photoDeletes.push(
      db
        .delete(leadPhotos)
        .where(inArray(leadPhotos.leadId, chunk))
        .returning({ key: leadPhotos.key, smallKey: leadPhotos.smallKey }),
    );
    deletes.push(db.delete(leads).where(inArray(leads.id, chunk)).returning({ id: leads.id }));
  }
  const [head, ...rest] = [...first, ...hangers];
  const results = (await db.batch([head!, ...rest, ...photoDeletes, ...deletes])).slice(first.length);
  const photos = results
    .slice(hangers.length, hangers.length + photoDeletes.length)
    .flatMap((deleted) => deleted as { key: string; smallKey: string | null }[]);
  const erased = results
    .slice(hangers.length + photoDeletes.length)
    .reduce((total, deleted) => total + (deleted as unknown[]).length, 0);
  return { erased, photos };
}

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
  called: 'We called you (or opened WhatsApp to you)',
  quote: 'Quote',
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
 * Where the lead came from, as the requests said it (src/leads/attribution.ts): it is stored with
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

/** One lead as the person reads it: every stored field, times in ISO 8601 (UTC). */
function exportedLead({ lead, messages, photos }: LeadView, content: ContentView, events: readonly LeadEvent[]) {
  return {
    reference: lead.id,
    form: lead.kind === 'contact' ? 'Contact form' : 'Free quote request',
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
    reviewRequests: exportedReviews(lead, messages),
    markedHandled: isoTime(lead.handledAt),
    lastUpdated: isoTime(lead.updatedAt),
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
      ),
    ),
  };
}
