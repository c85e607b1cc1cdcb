import { d1Database } from '../db/client';
import { claimMessage, listDueMessages, recordSendOutcome, type SendOutcome } from '../db/lead-messages';
import { photosForLeads } from '../db/lead-photos';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { type MailerConfig, mailerConfig, type OutgoingEmail, sendEmail } from './mailer';
import { LEASE_MS, outcomeFor, RETRY_BATCH } from './retry-rule';

/**
 * Persist, then send (the lead is stored first, by storeLead). The first tries of a lead's
 * messages run after the visitor has their answer, and the cron retries temporary failures of
 * each message on its own by the retry rule (outcomeFor). One message failing never resends or
 * holds up the other. The outbox carries e-mails and does not write them: each message is written
 * when it is tried, by the composer of its kind that the caller hands in (LeadMail).
 */
const RETRY_CONCURRENCY = 4;

/** What a composer is told beside the lead and its message. */
interface EmailContext {
  /** The lead's photos, which the owner's e-mail counts. */
  photoCount: number;
  now: number;
}

/** Writes the e-mail a message is now; null when it is no longer wanted (the outbox marks it cancelled). */
export type EmailComposer = (
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  context: EmailContext,
) => Promise<OutgoingEmail | null>;

/** One composer per message kind: a kind without one is a type error where the table is written. */
type EmailComposers = { readonly [K in LeadMessageKind]: EmailComposer };

/**
 * What the outbox is handed to deliver messages of the kinds `K`: their composers, and who is
 * told when one fails for good (the lead is kept).
 */
export interface LeadMail<K extends LeadMessageKind = LeadMessageKind> {
  composers: Pick<EmailComposers, K>;
  failedForGood: (env: Bindings, lead: Lead, message: LeadMessage, now: number) => Promise<void>;
}

/** A message of one of the kinds `K` (a message read from D1 is narrowed to them before it is delivered). */
type MessageOf<K extends LeadMessageKind> = LeadMessage & { kind: K };

/** The messages of the kinds a LeadMail composes. */
export const ofKinds = <K extends LeadMessageKind>(mail: LeadMail<K>, messages: readonly LeadMessage[]) =>
  messages.filter((message): message is MessageOf<K> => Object.hasOwn(mail.composers, message.kind));

/** One send attempt of a message this caller holds; records the outcome on that message alone. Never throws. */
export async function deliverMessage<K extends LeadMessageKind>(
  env: Bindings,
  mail: LeadMail<K>,
  lead: Lead,
  message: MessageOf<K>,
  photoCount: number,
  now = Date.now(),
  config = mailerConfig(env),
): Promise<SendOutcome | null> {
  if (!config) return null;
  const attempts = message.attempts + 1;
  const fields = { id: lead.id, message: message.kind, attempts };
  try {
    const compose: EmailComposer = mail.composers[message.kind as K];
    const email = await compose(env, lead, message, { photoCount, now });
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
      await mail.failedForGood(env, lead, message, now);
    }
    return outcome;
  } catch (error) {
    // D1 failed while recording: the lease runs out and the cron tries again.
    log.error('lead delivery could not be recorded', { id: lead.id, message: message.kind, error: errorText(error) });
    return null;
  }
}

/** The first tries of a lead just stored, each message on its own (run after the visitor's answer). */
export function deliverStoredLead<K extends LeadMessageKind>(
  env: Bindings,
  mail: LeadMail<K>,
  stored: { lead: Lead; messages: readonly LeadMessage[]; photoCount: number },
  now = Date.now(),
) {
  const pending = ofKinds(mail, stored.messages).filter((message) => message.status === 'pending');
  return Promise.all(pending.map((message) => deliverMessage(env, mail, stored.lead, message, stored.photoCount, now)));
}

/** The cron's work: claim due messages and try each again. Returns what happened, for tests and logs. */
export async function retryDueMessages(
  env: Bindings,
  mail: LeadMail,
  now = Date.now(),
  config: MailerConfig | null = mailerConfig(env),
) {
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
        const outcome = await deliverMessage(env, mail, lead, message, photoCount(lead.id), now, config);
        outcomes.push({ id: lead.id, message: message.kind, outcome });
      }),
    );
  }
  if (due.length > 0) log.info('lead retry run', { due: due.length, tried: outcomes.length });
  return outcomes;
}
