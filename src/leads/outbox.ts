import { d1Database } from '../db/client';
import { claimMessage, listDueMessages, recordSendOutcome, type SendOutcome, type TryOutcome } from '../db/lead-messages';
import { photosForLeads } from '../db/lead-photos';
import { insertLead, type NewLeadFields, type StoredPhoto } from '../db/leads';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { currentContent } from '../site-content/current';
import type { ContentView } from '../site-content/view';
import { confirmationEmailContent } from './confirmation-content';
import { confirmationsOn } from './confirmations';
import { leadEmailContent } from './email-content';
import { type MailerConfig, mailerConfig, type OutgoingEmail, sendEmail } from './mailer';

/**
 * Persist, then send. A lead is written to D1 with one outbox row per e-mail (the owner's
 * notification, and the customer's confirmation unless switched off) before any is tried; the
 * first tries run after the visitor has their answer, and the cron retries temporary failures of
 * each message on its own, with exponential backoff until MAX_ATTEMPTS, then marks it failed (the
 * lead stays in D1). One message failing never resends or holds up the other.
 */
export const MAX_ATTEMPTS = 8;
export const BACKOFF_BASE_MS = 2 * 60_000;
export const BACKOFF_MAX_MS = 2 * 60 * 60_000;
/** How long one attempt holds a message before the cron may take it (well past the mail timeout). */
export const LEASE_MS = 2 * 60_000;
/** Messages taken per cron run, and sent this many at a time. */
export const RETRY_BATCH = 20;
const RETRY_CONCURRENCY = 4;

/** Delay before attempt n + 1 after attempt n failed: 2, 4, 8 ... minutes, at most 2 hours. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export interface StoredLead {
  lead: Lead;
  messages: LeadMessage[];
  photoCount: number;
}

/** Stores a lead, its messages and its photos' rows; throws only if D1 could not take them (the one failure a visitor sees). */
export async function storeLead(
  env: Bindings,
  id: string,
  fields: NewLeadFields,
  photos: readonly StoredPhoto[],
  now = Date.now(),
): Promise<StoredLead> {
  const willSend = mailerConfig(env) !== null;
  const kinds: LeadMessageKind[] = confirmationsOn(env) ? ['owner', 'customer'] : ['owner'];
  const { lead, messages } = await insertLead(d1Database(env), fields, {
    id,
    now,
    messages: kinds,
    status: willSend ? 'pending' : 'skipped',
    nextAttemptAt: willSend ? now + LEASE_MS : null,
    photos,
  });
  log.info('lead stored', {
    id,
    kind: lead.kind,
    photos: photos.length,
    messages: kinds.join(' '),
    status: willSend ? 'pending' : 'skipped',
  });
  if (!willSend) log.warn('lead e-mail skipped: MAILCHANNELS_API_KEY is not set', { id });
  return { lead, messages, photoCount: photos.length };
}

/** The e-mail a message is: to the owner (Reply-To the customer) or to the customer (Reply-To the business). */
export function emailFor(
  env: Bindings,
  lead: Lead,
  kind: 'owner' | 'customer',
  photoCount: number,
  content: ContentView,
): OutgoingEmail {
  const context = { photoCount, origin: env.SITE_ORIGIN, content };
  const { site } = content;
  if (kind === 'owner') {
    return {
      to: { email: env.LEADS_TO_EMAIL },
      from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
      replyTo: { email: lead.email, name: lead.name },
      ...leadEmailContent(lead, context),
    };
  }
  return {
    to: { email: lead.email, name: lead.name },
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
    ...confirmationEmailContent(lead, context),
  };
}

/** Shared with the admin's invitation e-mails (src/admin/people/invite-mail.ts): one retry rule. */
export function outcomeFor(attempts: number, result: Awaited<ReturnType<typeof sendEmail>>, now: number): TryOutcome {
  if (result.ok) return { status: 'sent' };
  if (!result.retryable) return { status: 'failed', error: result.reason };
  if (attempts >= MAX_ATTEMPTS) return { status: 'failed', error: `gave up after ${attempts} attempts: ${result.reason}` };
  return { status: 'retrying', error: result.reason, nextAttemptAt: now + backoffMs(attempts) };
}

/** The e-mail a message is now; null when a job's message is no longer wanted (src/jobs/job-emails.ts). */
async function emailOf(env: Bindings, lead: Lead, message: LeadMessage, photoCount: number, now: number) {
  const content = await currentContent(env, now);
  if (message.kind === 'owner' || message.kind === 'customer') return emailFor(env, lead, message.kind, photoCount, content);
  const { jobEmailFor } = await import('../jobs/job-emails');
  return jobEmailFor(env, lead, message, content, now);
}

/** The e-mails that go to the customer: one that fails for good is an alert on the owner's phones. */
const TO_CUSTOMER: ReadonlySet<LeadMessageKind> = new Set(['customer', 'booking', 'review', 'reminder']);

/** Loaded on first use: the push code is not needed by a lead whose e-mails all go. */
async function alertUndelivered(env: Bindings, leadId: string, now: number) {
  const { alertNow } = await import('../push/outbox');
  await alertNow(env, leadId, 'undelivered', false, now);
}

/** One send attempt of a message this caller holds; records the outcome on that message alone. Never throws. */
export async function deliverMessage(
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  photoCount: number,
  now = Date.now(),
  config = mailerConfig(env),
): Promise<SendOutcome | null> {
  if (!config) return null;
  const attempts = message.attempts + 1;
  const fields = { id: lead.id, message: message.kind, attempts };
  try {
    const email = await emailOf(env, lead, message, photoCount, now);
    if (!email) {
      await recordSendOutcome(d1Database(env), message.id, message.attempts, { status: 'cancelled' }, now);
      log.info('lead e-mail no longer wanted', fields);
      return { status: 'cancelled' };
    }
    const result = await sendEmail(email, config);
    const outcome = outcomeFor(attempts, result, now);
    await recordSendOutcome(d1Database(env), message.id, attempts, outcome, now);
    if (outcome.status === 'sent') log.info('lead e-mail sent', fields);
    else if (outcome.status === 'retrying')
      log.warn('lead e-mail failed, will retry', { ...fields, reason: outcome.error, nextAttemptAt: outcome.nextAttemptAt });
    else if (outcome.status === 'failed') {
      log.error('lead e-mail failed for good; the lead is kept', { ...fields, reason: outcome.error });
      if (TO_CUSTOMER.has(message.kind)) await alertUndelivered(env, lead.id, now);
    }
    return outcome;
  } catch (error) {
    // D1 failed while recording: the lease runs out and the cron tries again.
    log.error('lead delivery could not be recorded', { id: lead.id, message: message.kind, error: errorText(error) });
    return null;
  }
}

/** The first tries of a lead just stored, each message on its own (run after the visitor's answer). */
export function deliverStoredLead(env: Bindings, stored: StoredLead, now = Date.now()) {
  const pending = stored.messages.filter((message) => message.status === 'pending');
  return Promise.all(pending.map((message) => deliverMessage(env, stored.lead, message, stored.photoCount, now)));
}

/** The cron's work: claim due messages and try each again. Returns what happened, for tests and logs. */
export async function retryDueMessages(env: Bindings, now = Date.now(), config: MailerConfig | null = mailerConfig(env)) {
  if (!config) return [];
  const db = d1Database(env);
  const due = await listDueMessages(db, now, RETRY_BATCH);
  const photos = await photosForLeads(
    db,
    due.map(({ lead }) => lead.id),
  );
  const photoCount = (leadId: string) => photos.filter((photo) => photo.leadId === leadId).length;
  const outcomes: { id: string; message: LeadMessageKind; outcome: SendOutcome | null }[] = [];
  for (let i = 0; i < due.length; i += RETRY_CONCURRENCY) {
    await Promise.all(
      due.slice(i, i + RETRY_CONCURRENCY).map(async ({ lead, message }) => {
        if (!(await claimMessage(db, message, now, now + LEASE_MS))) return;
        const outcome = await deliverMessage(env, lead, message, photoCount(lead.id), now, config);
        outcomes.push({ id: lead.id, message: message.kind, outcome });
      }),
    );
  }
  if (due.length > 0) log.info('lead retry run', { due: due.length, tried: outcomes.length });
  return outcomes;
}
