import { d1Database } from '../db/client';
import { recordJobChange } from '../db/job-changes';
import { findLeadByRequestKey, recordReviewClick, stopReviewRequests } from '../db/lead-jobs';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { mailerConfig } from '../outbox/mailer';
import { CUSTOMER_MOVES, type CustomerRequest, customerMayAsk } from '../rules/job-status';
import { leadVersion, VERSION_FIELD } from '../rules/lead-version';
import { engineerNotices } from './engineer-notices';
import { requestKeyOf, requestLinkLive } from './request-token';
import { visitCancellation } from './visit-cancel';

/**
 * What a customer can do from their request link, one handler per action: see it, ask to rebook,
 * cancel, follow the review link, stop review requests. Every one starts from the token: a
 * tampered, unknown or expired one finds nothing (the route answers a plain 404).
 */

export async function leadForToken(env: Bindings, token: string, now = Date.now()): Promise<Lead | null> {
  const key = await requestKeyOf(env, token);
  if (!key) return null;
  const lead = await findLeadByRequestKey(d1Database(env), key);
  return lead && requestLinkLive(lead, now) ? lead : null;
}

/**
 * The customer's form was read from an earlier version of their job (the owner moved the visit,
 * or gave it up, since they opened it): nothing is done, and they see the visit as it is now.
 * Their own request already recorded (a second tap) is not a change to tell them of. A form
 * without a version (a page from before versions) is taken as read from the job as it is.
 */
export function readBeforeAChange(lead: Lead, request: CustomerRequest, body: Record<string, unknown>): boolean {
  const version = body[VERSION_FIELD];
  if (typeof version !== 'string' || version === leadVersion(lead)) return false;
  return lead.jobStatus !== CUSTOMER_MOVES[request].to;
}

/** The owner's notice of a customer's request is held two minutes, so a change of mind is one e-mail. */
const NOTICE_DELAY_MS = 2 * 60_000;

/**
 * Ask to rebook or cancel: the job's new state (rebook waits for a new time; cancelled is off the
 * day's list and closed), on the lead's timeline with the customer's words, and a notice to the
 * owner, all in one conditional write. Recorded once: asked again with nothing changed since (a
 * double tap, a resent form, the same request twice at once), it changes and sends nothing.
 * The lead as it now is, or null when nothing was recorded.
 */
export async function recordCustomerRequest(
  env: Bindings,
  lead: Lead,
  request: CustomerRequest,
  words: string,
  now = Date.now(),
): Promise<Lead | null> {
  if (!customerMayAsk(lead.jobStatus, request)) return null;
  const to = CUSTOMER_MOVES[request].to;
  // A cancelled visit still ahead: the customer gets its confirmation with a calendar file that takes it out.
  const off = to === 'cancelled' ? visitCancellation(lead, now) : { columns: {}, queued: [], cancels: [] };
  const db = d1Database(env);
  // A cancelled visit is taken off the engineer who was to go.
  const engineers = to === 'cancelled' ? await engineerNotices(db, lead, { jobStatus: to }, now) : [];
  const updated = await recordJobChange(db, {
    lead,
    columns: to === 'cancelled' ? { jobStatus: to, handledAt: now, ...off.columns } : { jobStatus: to },
    event: { kind: request, status: to, actor: 'customer', detail: words },
    queued: [{ kind: 'notice', dueAt: now + NOTICE_DELAY_MS, about: request }, ...(off.queued ?? []), ...engineers],
    // A cancelled job has no visit left to remind of, even one whose window is over.
    cancels: to === 'cancelled' ? [...new Set([...(off.cancels ?? []), 'visit' as const])] : off.cancels,
    now,
    willSend: mailerConfig(env) !== null,
  });
  if (updated) log.info('customer request recorded', { id: lead.id, kind: request });
  return updated ?? null;
}

/** The review link was followed: counted once (no reminder after it). */
export async function recordReviewLinkFollowed(env: Bindings, lead: Lead, now = Date.now()) {
  if (lead.reviewClickedAt === null) await recordReviewClick(d1Database(env), lead.id, now);
}

/** No more review requests, from now: any still waiting in the outbox is cancelled. */
export async function stopReviews(env: Bindings, lead: Lead, now = Date.now()) {
  await stopReviewRequests(d1Database(env), lead.id, now);
  log.info('review requests stopped', { id: lead.id });
}
