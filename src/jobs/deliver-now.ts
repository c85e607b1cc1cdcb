import type { Bindings } from '../env';
import { deliverJustQueued } from '../outbox/deliver-queued';
import { alertEngineers } from './job-alerts';
import { JOB_MAIL } from './job-emails';

/**
 * The first try of the e-mails a change has just queued to go at once (a booking, a notice to the
 * owner, an engineer's notice with its alert, the engineer on their way, the job report), run
 * after the answer as a new lead's are (`deliverJustQueued`).
 */
export function deliverQueuedNow(env: Bindings, leadId: string, queuedAt: number): Promise<void> {
  return deliverJustQueued(
    env,
    JOB_MAIL,
    { leadId, queuedAt, kinds: ['booking', 'notice', 'engineer', 'on-my-way', 'report'] },
    // An engineer's alert goes with their e-mail, or alone where e-mail is not set up.
    (lead, messages) => alertEngineers(env, lead, messages, queuedAt),
  );
}
