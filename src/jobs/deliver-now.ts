import { and, eq, inArray } from 'drizzle-orm';
import { d1Database } from '../db/client';
import { findLead } from '../db/leads';
import { leadMessages } from '../db/schema';
import type { Bindings } from '../env';
import { deliverMessage, ofKinds } from '../outbox/deliver';
import { alertEngineers } from './job-alerts';
import { JOB_MAIL } from './job-emails';

/**
 * The first try of the e-mails a change has just queued to go at once (a booking, a notice to the
 * owner, an engineer's notice with its alert, the engineer on their way, the job report), run after the answer as a new lead's are. They were stored leased until a couple of
 * minutes from now, so the cron takes over only if this try never records an outcome.
 */
export async function deliverQueuedNow(env: Bindings, leadId: string, queuedAt: number): Promise<void> {
  const db = d1Database(env);
  const [lead, messages] = await Promise.all([
    findLead(db, leadId),
    db
      .select()
      .from(leadMessages)
      .where(
        and(
          eq(leadMessages.leadId, leadId),
          eq(leadMessages.createdAt, queuedAt),
          inArray(leadMessages.kind, ['booking', 'notice', 'engineer', 'on-my-way', 'report']),
        ),
      ),
  ]);
  if (!lead) return;
  const pending = messages.filter((message) => message.status === 'pending');
  await Promise.all([
    ...ofKinds(JOB_MAIL, pending).map((message) => deliverMessage(env, JOB_MAIL, lead, message, 0, queuedAt)),
    // An engineer's alert goes with their e-mail, or alone where e-mail is not set up.
    alertEngineers(env, lead, messages, queuedAt),
  ]);
}
