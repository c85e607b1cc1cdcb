import { keepPagesOfRevision, keptOnSave } from './cache/keep-on-save';
import { keptKeys } from './cache/kept-pages';
import { deleteEndedSessions } from './db/admin-sessions';
import { deleteAuditPastRetention } from './db/audit';
import { d1Database } from './db/client';
import { deleteExpiredChallenges } from './db/passkeys';
import type { Bindings } from './env';
import { INVOICE_MAIL } from './invoices/invoice-emails';
import { JOB_ALERTS } from './jobs/job-alerts';
import { JOB_MAIL } from './jobs/job-emails';
import { REQUEST_ALERTS } from './jobs/request-alerts';
import { alertUndelivered, newLeadAlert, STORED_LEAD_MAIL, undeliveredAlert } from './leads/composers';
import { errorText, log } from './log';
import { type LeadMail, retryDueMessages } from './outbox/deliver';
import { PAYMENT_ALERTS } from './payments/payment-alerts';
import { PAYMENT_MAIL } from './payments/payment-emails';
import { noticeAlert } from './privacy/erasure-notices';
import { deleteAcceptedQuotesPastRetention, deleteInvoicesPastRetention, deleteLeadsPastRetention } from './privacy/retention';
import type { AlertComposers } from './push/payload';
import { QUOTE_ALERTS } from './quotes/quote-alerts';
import { QUOTE_MAIL } from './quotes/quote-emails';
import { publicCaching } from './routes/caching';
import { currentRevision } from './site-content/revision';

/**
 * Every job the cron runs (wrangler.jsonc `triggers`, every five minutes), each named for what it
 * does. They are independent: each logs its own failure and leaves its work for the next run,
 * and none waits for or stops another. The admin's own code is imported only when its job runs,
 * as the app mounts the admin. Logs carry counts and ids, never what was sent or deleted.
 */

/**
 * Every kind of lead message the outbox may have to send again, each written by the composer its
 * domain provides (a kind without one does not compile). The transports carry; the domains write.
 */
const LEAD_MAIL: LeadMail = {
  composers: {
    ...STORED_LEAD_MAIL.composers,
    ...JOB_MAIL.composers,
    ...QUOTE_MAIL.composers,
    ...INVOICE_MAIL.composers,
    ...PAYMENT_MAIL.composers,
  },
  failedForGood: alertUndelivered,
};

/** Every kind of alert the push queue may have to send again, likewise. */
const ALERTS: AlertComposers = {
  lead: {
    'new-lead': newLeadAlert,
    undelivered: undeliveredAlert,
    ...QUOTE_ALERTS,
    ...REQUEST_ALERTS,
    ...JOB_ALERTS,
    ...PAYMENT_ALERTS,
  },
  notice: noticeAlert,
};

/** The lead outbox: every message whose last try failed for a reason that may pass, with backoff (outcomeFor). */
export async function sendDueLeadEmails(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    await retryDueMessages(env, LEAD_MAIL, now);
  } catch (error) {
    log.error('lead retry run failed', { error: errorText(error) });
  }
}

/** Alerts on the owner's phones due again, and those held through someone's quiet hours (retryDuePushes). */
export async function sendDuePhoneAlerts(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    const { retryDuePushes } = await import('./push/outbox');
    await retryDuePushes(env, ALERTS, now);
  } catch (error) {
    log.error('alert retry run failed', { error: errorText(error) });
  }
}

/** The admin's invitation e-mails due again: the same retry rule, on the invitations' own rows. */
export async function sendDueInvitationEmails(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    const { retryDueInvites } = await import('./admin/people/invite-mail');
    await retryDueInvites(env, now);
  } catch (error) {
    log.error('invitation retry run failed', { error: errorText(error) });
  }
}

export { deleteAcceptedQuotesPastRetention, deleteInvoicesPastRetention, deleteLeadsPastRetention };

/** Erased leads' cancellations to their customers still due (`sendDueErasureMails`); each row deleted once sent or given up. */
export async function sendDueErasureCancellations(env: Bindings, now: number = Date.now()): Promise<number> {
  const { sendDueErasureMails } = await import('./privacy/erasure-mail');
  return sendDueErasureMails(env, now);
}

/** Audit lines past two years: they hold no personal data, but nothing is kept for ever. Returns the count. */
export async function deleteAuditLinesPastRetention(env: Bindings, now: number = Date.now()): Promise<number> {
  try {
    const count = await deleteAuditPastRetention(d1Database(env), now);
    if (count > 0) log.info('audit lines deleted by retention', { count });
    return count;
  } catch (error) {
    log.error('audit retention run failed', { error: errorText(error) });
    return 0;
  }
}

/** Admin sessions past their limits: refused anyway; this frees the rows. */
export async function deleteEndedAdminSessions(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    const { SESSION_LIMITS } = await import('./admin/auth/session');
    await deleteEndedSessions(d1Database(env), now, SESSION_LIMITS);
  } catch (error) {
    log.error('ended sessions sweep failed', { error: errorText(error) });
  }
}

/** Passkey challenges never answered: refused anyway once expired; this frees the rows. */
export async function deleteExpiredPasskeyChallenges(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    await deleteExpiredChallenges(d1Database(env), now);
  } catch (error) {
    log.error('passkey challenges sweep failed', { error: errorText(error) });
  }
}

/** Leads stored before match keys were (migration 0013), keyed so a customer who comes back is seen (`keyOlderLeads`). */
export async function keyOlderLeadsForMatching(env: Bindings): Promise<number> {
  try {
    const { keyOlderLeads } = await import('./leads/match-keys');
    const count = await keyOlderLeads(d1Database(env));
    if (count > 0) log.info('older leads keyed for matching', { count });
    return count;
  } catch (error) {
    log.error('match keys run failed', { error: errorText(error) });
    return 0;
  }
}

/**
 * The public pages a save keeps (keptOnSave), kept in D1 for every data centre
 * wherever this deploy has none for the current revision: after a deploy of an edited site (no
 * row is of its version), after a save whose keeping stopped part-way, or a day after the last
 * render. So within a cron's interval no visitor meets a cold render of them. Returns how many
 * pages it rendered.
 */
export async function keepPagesNoOneKept(env: Bindings, now: number = Date.now()): Promise<number> {
  if (env.KEEP_ON_SAVE === 'off') return 0;
  try {
    const { id } = await currentRevision(env, now);
    if (id <= 0) return 0; // the pages built with the deploy answer for the original content
    const kept = await keptKeys(env, id, now);
    const missing = keptOnSave(publicCaching).filter((key) => !kept.has(key));
    if (missing.length === 0) return 0;
    const { siteApp } = await import('./app');
    await keepPagesOfRevision(env, id, async (request) => siteApp.fetch(request, env, undefined), missing);
    log.info('missing kept pages rendered', { count: missing.length, revision: id });
    return missing.length;
  } catch (error) {
    log.error('keeping pages failed', { error: errorText(error) });
    return 0;
  }
}

/** The cron's list: each job is started with the same clock and runs on its own. */
export const SCHEDULED_JOBS: readonly ((env: Bindings, now: number) => Promise<unknown>)[] = [
  sendDueLeadEmails,
  sendDuePhoneAlerts,
  sendDueInvitationEmails,
  deleteLeadsPastRetention,
  deleteAcceptedQuotesPastRetention,
  deleteInvoicesPastRetention,
  sendDueErasureCancellations,
  deleteAuditLinesPastRetention,
  deleteEndedAdminSessions,
  deleteExpiredPasskeyChallenges,
  keyOlderLeadsForMatching,
  keepPagesNoOneKept,
];
