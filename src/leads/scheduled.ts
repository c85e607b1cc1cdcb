import { retryDueInvites } from '../admin/people/invite-mail';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { retryDuePushes } from '../push/outbox';
import { retryDueMessages } from './outbox';

/**
 * The cron handler's work (wrangler.jsonc `triggers`): e-mail every message whose first try failed
 * for a reason that may pass, with backoff, until it is sent or given up on. A failure here is
 * logged and left for the next run; the leads stay in D1 whatever happens.
 */
export async function retryUnsentLeads(env: Bindings, now: number = Date.now()): Promise<void> {
  try {
    await retryDueMessages(env, now);
  } catch (error) {
    log.error('lead retry run failed', { error: errorText(error) });
  }
  // The alerts on the owner's phones: the same retry rule, on their own rows; and those held
  // through someone's quiet hours go when the hours end.
  try {
    await retryDuePushes(env, now);
  } catch (error) {
    log.error('alert retry run failed', { error: errorText(error) });
  }
  // The admin's invitation e-mails: the same retry rule, on their own rows.
  try {
    await retryDueInvites(env, now);
  } catch (error) {
    log.error('invitation retry run failed', { error: errorText(error) });
  }
}
