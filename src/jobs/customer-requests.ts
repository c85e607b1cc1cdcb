import { d1Database } from '../db/client';
import { findLeadByRequestKey, insertCustomerRequest, recordReviewClick, stopReviewRequests } from '../db/lead-jobs';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { mailerConfig } from '../outbox/mailer';
import { requestKeyOf, requestLinkLive } from './request-token';

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

/** Ask to rebook or cancel: on the lead's timeline, and a notice to the owner. Only while the job is booked. */
export async function recordCustomerRequest(env: Bindings, lead: Lead, kind: 'rebook' | 'cancel', now = Date.now()) {
  if (lead.jobStatus !== 'booked') return null;
  const notice = await insertCustomerRequest(d1Database(env), lead.id, kind, '', now, mailerConfig(env) !== null);
  log.info('customer request recorded', { id: lead.id, kind });
  return notice ?? null;
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
