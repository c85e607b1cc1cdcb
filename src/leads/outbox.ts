import { drizzle } from 'drizzle-orm/d1';
import { claimLead, insertLead, listDueLeads, type NewLeadFields, recordSendOutcome, type SendOutcome } from '../db/leads';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { leadEmailContent } from './email-content';
import { type MailerConfig, mailerConfig, sendEmail } from './mailer';
import type { ContactInput, LeadFormName, QuoteInput } from './schemas';

/**
 * Persist, then send. A lead is written to D1 before any e-mail is tried; the first try runs
 * after the visitor has their answer, and the cron handler retries temporary failures with
 * exponential backoff until MAX_ATTEMPTS, then marks the lead failed (it stays in D1).
 */
export const MAX_ATTEMPTS = 8;
export const BACKOFF_BASE_MS = 2 * 60_000;
export const BACKOFF_MAX_MS = 2 * 60 * 60_000;
/** How long one attempt holds a lead before the cron may take it (well past the mail timeout). */
export const LEASE_MS = 2 * 60_000;
/** Leads taken per cron run, and sent this many at a time. */
export const RETRY_BATCH = 20;
const RETRY_CONCURRENCY = 4;

/** Delay before attempt n + 1 after attempt n failed: 2, 4, 8 ... minutes, at most 2 hours. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export function leadFields(form: LeadFormName, input: ContactInput | QuoteInput): NewLeadFields {
  if (form === 'contact') {
    const contact = input as ContactInput;
    return { kind: 'contact', name: contact.name, email: contact.email, phone: contact.phone, message: contact.message };
  }
  const quote = input as QuoteInput;
  return {
    kind: 'quote',
    name: quote['full-name'],
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    service: quote.service,
    message: quote.details,
  };
}

/** Stores a lead; throws only if D1 could not take it (the one failure a visitor sees). */
export async function storeLead(env: Bindings, fields: NewLeadFields, now = Date.now()): Promise<Lead> {
  const willSend = mailerConfig(env) !== null;
  const lead = await insertLead(drizzle(env.DB), fields, {
    id: crypto.randomUUID(),
    now,
    status: willSend ? 'pending' : 'skipped',
    nextAttemptAt: willSend ? now + LEASE_MS : null,
  });
  log.info('lead stored', { id: lead.id, kind: lead.kind, status: lead.status });
  if (!willSend) log.warn('lead e-mail skipped: MAILCHANNELS_API_KEY is not set', { id: lead.id });
  return lead;
}

function outcomeFor(attempts: number, result: Awaited<ReturnType<typeof sendEmail>>, now: number): SendOutcome {
  if (result.ok) return { status: 'sent' };
  if (!result.retryable) return { status: 'failed', error: result.reason };
  if (attempts >= MAX_ATTEMPTS) return { status: 'failed', error: `gave up after ${attempts} attempts: ${result.reason}` };
  return { status: 'retrying', error: result.reason, nextAttemptAt: now + backoffMs(attempts) };
}

/** One send attempt for a lead this caller holds; records the outcome. Never throws. */
export async function deliverLead(
  env: Bindings,
  lead: Lead,
  now = Date.now(),
  config = mailerConfig(env),
): Promise<SendOutcome | null> {
  if (!config) return null;
  const attempts = lead.attempts + 1;
  try {
    const content = leadEmailContent(lead);
    const result = await sendEmail(
      {
        to: { email: env.LEADS_TO_EMAIL },
        from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
        replyTo: { email: lead.email, name: lead.name },
        ...content,
      },
      config,
    );
    const outcome = outcomeFor(attempts, result, now);
    await recordSendOutcome(drizzle(env.DB), lead.id, attempts, outcome, now);
    if (outcome.status === 'sent') log.info('lead e-mail sent', { id: lead.id, attempts });
    else if (outcome.status === 'retrying')
      log.warn('lead e-mail failed, will retry', {
        id: lead.id,
        attempts,
        reason: outcome.error,
        nextAttemptAt: outcome.nextAttemptAt,
      });
    else log.error('lead e-mail failed for good; the lead is kept', { id: lead.id, attempts, reason: outcome.error });
    return outcome;
  } catch (error) {
    // D1 failed while recording: the lease runs out and the cron tries again.
    log.error('lead delivery could not be recorded', {
      id: lead.id,
      error: errorText(error),
    });
    return null;
  }
}

/** The cron's work: claim due leads and try each again. Returns what happened, for tests and logs. */
export async function retryDueLeads(env: Bindings, now = Date.now(), config: MailerConfig | null = mailerConfig(env)) {
  if (!config) return [];
  const db = drizzle(env.DB);
  const due = await listDueLeads(db, now, RETRY_BATCH);
  const outcomes: { id: string; outcome: SendOutcome | null }[] = [];
  for (let i = 0; i < due.length; i += RETRY_CONCURRENCY) {
    await Promise.all(
      due.slice(i, i + RETRY_CONCURRENCY).map(async (lead) => {
        if (!(await claimLead(db, lead, now, now + LEASE_MS))) return;
        outcomes.push({ id: lead.id, outcome: await deliverLead(env, lead, now, config) });
      }),
    );
  }
  if (due.length > 0) log.info('lead retry run', { due: due.length, tried: outcomes.length });
  return outcomes;
}
