import type { JobAlertKind } from '../db/push-messages';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { townFromAddress } from '../leads/email-content';
import { leadReference } from '../leads/lead-summary';
import type { AlertPayload, LeadAlertComposer } from '../push/payload';
import { bookingWords } from '../rules/job-status';
import { currentContent } from '../site-content/current';
import { type EngineerNoticeWhat, readEngineerNotice } from './engineer-notices';

/**
 * The alert on an engineer's devices beside their e-mail of a job given, moved or taken off
 * (`engineerNotices`): the visit's time, the customer's name and town, as a lock screen may show
 * (never an address or a phone number). One notification per job: a later one replaces it.
 */

const jobAlert = (lead: Lead, title: string, body: string, url: string): AlertPayload => ({
  title,
  body,
  url,
  tag: `job-${lead.id}`,
});

/** The job as it now is: a retry says what is true then. */
const visitAlert =
  (heading: string): LeadAlertComposer =>
  async (env, lead, now) => {
    const content = await currentContent(env, now);
    const when =
      lead.bookedDay && lead.bookedFrom && lead.bookedTo
        ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo })
        : 'see the job';
    const town = lead.address ? townFromAddress(lead.address, content.areas) : '';
    return jobAlert(lead, `${heading}: ${when}`, town ? `${lead.name}, ${town}` : lead.name, `/admin/leads/${lead.id}`);
  };

const offAlert: LeadAlertComposer = (_env, lead) =>
  jobAlert(lead, 'A job was taken off you', `Reference ${leadReference(lead.id)}: you do not need to go.`, '/admin');

/** The composer of each job alert, by its kind (the cron's retries too). */
export const JOB_ALERTS: Record<JobAlertKind, LeadAlertComposer> = {
  'job-given': visitAlert('New job for you'),
  'job-moved': visitAlert('Your job moved'),
  'job-off': offAlert,
};

const KIND_OF: Record<EngineerNoticeWhat, JobAlertKind> = { given: 'job-given', moved: 'job-moved', off: 'job-off' };

/** The alerts beside the engineers' e-mails just queued, each to its person's devices. Never throws. */
export async function alertEngineers(env: Bindings, lead: Lead, messages: readonly LeadMessage[], now: number) {
  const notices = messages.flatMap((message) => {
    const notice = message.kind === 'engineer' ? readEngineerNotice(message.about) : null;
    return notice ? [notice] : [];
  });
  if (notices.length === 0) return;
  // The push code is loaded only when there is an alert to send.
  const { alertPersonNow } = await import('../push/outbox');
  for (const notice of notices) {
    const kind = KIND_OF[notice.what];
    await alertPersonNow(env, lead.id, notice.personId, kind, JOB_ALERTS[kind], now);
  }
}
