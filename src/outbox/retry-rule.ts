import type { TryOutcome } from '../db/lead-messages';
import type { SendResult } from './mailer';

/**
 * The one retry rule of every e-mail the site sends (a lead's, a job's, an invitation's): a
 * temporary failure is tried again with exponential backoff until MAX_ATTEMPTS, then marked
 * failed (what it was about stays in D1); a permanent one is failed at once.
 */
export const MAX_ATTEMPTS = 8;
export const BACKOFF_BASE_MS = 2 * 60_000;
export const BACKOFF_MAX_MS = 2 * 60 * 60_000;
/** How long one attempt holds a message before the cron may take it (well past the mail timeout). */
export const LEASE_MS = 2 * 60_000;
/** Messages taken per cron run, and sent this many at a time. */
export const RETRY_BATCH = 20;

/** Delay before attempt n + 1 after attempt n failed: 2, 4, 8 ... minutes, at most 2 hours. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

/** What one attempt's result means for its message: sent, failed for good, or tried again later. */
export function outcomeFor(attempts: number, result: SendResult, now: number): TryOutcome {
  if (result.ok) return { status: 'sent' };
  if (!result.retryable) return { status: 'failed', error: result.reason };
  if (attempts >= MAX_ATTEMPTS) return { status: 'failed', error: `gave up after ${attempts} attempts: ${result.reason}` };
  return { status: 'retrying', error: result.reason, nextAttemptAt: now + backoffMs(attempts) };
}
