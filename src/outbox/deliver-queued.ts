import { d1Database } from '../db/client';
import { messagesQueuedAt } from '../db/lead-messages';
import { findLead } from '../db/leads';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { deliverMessage, type LeadMail, ofKinds } from './deliver';

/** Which of a lead's messages a change has just queued to go at once. */
export interface JustQueued<K extends LeadMessageKind> {
  leadId: string;
  /** The change's time: every row it wrote carries it as `createdAt`. */
  queuedAt: number;
  /** The kinds that go at once (not the reminders queued beside them for later). */
  kinds: readonly K[];
  /** Only the messages about this (a quote's or an invoice's id), when given. */
  about?: string;
}

/**
 * The first try of the e-mails a change has just queued (a job's booking or notices, a quote, an
 * invoice or credit note), run after the answer as a new lead's are. They were stored leased until
 * a couple of minutes from now, so the cron takes over only if this try never records an outcome.
 * The caller hands in its composers (`mail`); `alongside` runs beside the e-mails with every
 * message read (whatever its status), for what goes with them on another transport.
 */
export async function deliverJustQueued<K extends LeadMessageKind>(
  env: Bindings,
  mail: LeadMail<K>,
  queued: JustQueued<NoInfer<K>>,
  alongside?: (lead: Lead, messages: readonly LeadMessage[]) => Promise<unknown>,
): Promise<void> {
  const db = d1Database(env);
  const [lead, messages] = await Promise.all([findLead(db, queued.leadId), messagesQueuedAt(db, queued)]);
  if (!lead) return;
  const pending = messages.filter((message) => message.status === 'pending');
  await Promise.all([
    ...ofKinds(mail, pending).map((message) => deliverMessage(env, mail, lead, message, 0, queued.queuedAt)),
    alongside?.(lead, messages),
  ]);
}
