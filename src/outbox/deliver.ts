import { d1Database } from '../db/client';
import { claimMessage, listDueMessages, recordSendOutcome, type SendOutcome } from '../db/lead-messages';
import { photosForLeads } from '../db/lead-photos';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { confirmationEmailContent } from '../leads/confirmation-content';
import { leadEmailContent } from '../leads/email-content';
import type { StoredLead } from '../leads/store-lead';
import { errorText, log } from '../log';
import { currentContent } from '../site-content/current';
import type { ContentView } from '../site-content/view';
import { type MailerConfig, mailerConfig, type OutgoingEmail, sendEmail } from './mailer';
import { LEASE_MS, outcomeFor, RETRY_BATCH } from './retry-rule';

/**
 * Persist, then send (the lead is stored first: src/leads/store-lead.ts). The first tries of a
 * lead's messages run after the visitor has their answer, and the cron retries temporary failures
 * of each message on its own by the retry rule (src/outbox/retry-rule.ts). One message failing
 * never resends or holds up the other.
 */
const RETRY_CONCURRENCY = 4;

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
