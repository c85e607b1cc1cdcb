import type { D1Db as Db } from '../db/client';
import { d1Database } from '../db/client';
import {
  claimErasureMail,
  deferErasureMail,
  deleteErasureMail,
  deleteErasureMailsBefore,
  dueErasureMails,
  erasureMailInsert,
  leadsBeforeErasure,
} from '../db/erasure-mail';
import { deletePastNotices } from '../db/erasure-notices';
import type { ErasureMail, Lead } from '../db/schema';
import type { Bindings } from '../env';
import { cancelEmail } from '../jobs/booking-emails';
import { visitAhead } from '../jobs/visit-cancel';
import { errorText, log } from '../log';
import { type MailerConfig, mailerConfig, type OutgoingEmail, sendEmail } from '../outbox/mailer';
import { LEASE_MS, outcomeFor, RETRY_BATCH } from '../outbox/retry-rule';
import { currentContent } from '../site-content/current';
import { alertNotice, noticeInsert } from './erasure-notices';

/**
 * An erased lead whose visit is still ahead owes its customer one e-mail: the visit is cancelled,
 * with the METHOD:CANCEL .ics that takes it out of the calendar the booking e-mail filled
 * (cancelEmail, the same e-mail as the owner's "Mark lost"). It is rendered
 * at erasure, because the lead it is written from is gone a moment later, and stored as one
 * erasure_mail row written in the erasure's own transaction: the only thing left of the lead,
 * deleted the moment it is sent or given up by the outbox's retry rule, and by the cron after a
 * day whatever happened. Given up, it leaves the owner a notice of the visit's day and hours
 * (`noticeInsert`), on the admin and as a phone alert, nothing of the customer. Without a mail key nothing is
 * stored. Logs carry the row's random id only.
 */

/** A row older than this is deleted unsent: the retry rule gives up within about four hours. */
export const ERASURE_MAIL_MAX_AGE_MS = 24 * 60 * 60_000;

/** The cancellation this lead's customer is owed if it is erased now, or null. */
async function owedCancellation(env: Bindings, lead: Lead, waiting: boolean, now: number) {
  const content = await currentContent(env, now);
  // Still ahead: written as the owner's "Mark lost" would leave it (one SEQUENCE higher). A
  // cancellation already queued and not yet sent: as it stands.
  if (visitAhead(lead, now)) {
    return cancelEmail(env, { ...lead, jobStatus: 'lost', bookingSequence: lead.bookingSequence + 1 }, content, now);
  }
  return waiting ? cancelEmail(env, lead, content, now) : null;
}

/**
 * The statements that queue the cancellations these leads' customers are owed, for the erasure's
 * batch (before its deletes): each written only if its lead is still as it was read, so a lead
 * erased twice at once, or changed meanwhile, queues nothing twice or stale.
 */
export async function cancellationInserts(env: Bindings, db: Db, ids: readonly string[], now: number) {
  if (ids.length === 0 || !mailerConfig(env)) return [];
  const { read, waiting } = await leadsBeforeErasure(db, ids);
  const inserts = [];
  for (const lead of read) {
    const email = await owedCancellation(env, lead, waiting.has(lead.id), now);
    if (!email) continue;
    inserts.push(erasureMailInsert(db, lead, JSON.stringify(email), now));
  }
  return inserts;
}

/** One try of a claimed row: sent or given up deletes it, a temporary failure waits by the retry rule. */
async function deliver(env: Bindings, db: Db, row: ErasureMail, config: MailerConfig, now: number) {
  const attempts = row.attempts + 1;
  const outcome = outcomeFor(attempts, await sendEmail(JSON.parse(row.email) as OutgoingEmail, config), now);
  if (outcome.status === 'retrying') {
    await deferErasureMail(db, row.id, attempts, outcome.nextAttemptAt);
    log.warn('erased lead cancellation failed, will retry', { mail: row.id, attempts, reason: outcome.error });
    return;
  }
  if (outcome.status === 'sent') {
    await deleteErasureMail(db, row.id);
    log.info('erased lead cancellation sent', { mail: row.id, attempts });
    return;
  }
  // Given up: the owner is told instead (`noticeInsert`), with the visit's day and hours only.
  const deleted = deleteErasureMail(db, row.id);
  const notice = noticeInsert(db, row, now);
  if (notice) await db.batch([deleted, notice.insert]);
  else await deleted;
  log.error('erased lead cancellation failed for good; deleted', {
    mail: row.id,
    attempts,
    reason: outcome.error,
    notice: notice?.id,
  });
  if (notice) await alertNotice(env, notice.id, now);
}

/**
 * The cancellations due: the first try right after an erasure, and the cron's retries. Rows past
 * a day are deleted first, mail key or not. Never throws; returns how many were tried.
 */
export async function sendDueErasureMails(env: Bindings, now = Date.now(), config = mailerConfig(env)): Promise<number> {
  const db = d1Database(env);
  let tried = 0;
  try {
    await deleteErasureMailsBefore(db, now - ERASURE_MAIL_MAX_AGE_MS);
    await deletePastNotices(db, now);
    if (!config) return 0;
    const due = await dueErasureMails(db, now, RETRY_BATCH);
    for (const row of due) {
      if (!(await claimErasureMail(db, row, now + LEASE_MS))) continue;
      await deliver(env, db, row, config, now);
      tried += 1;
    }
  } catch (error) {
    // The lease runs out and the next run tries again.
    log.error('erased lead cancellations could not be sent', { error: errorText(error), tried });
  }
  return tried;
}
