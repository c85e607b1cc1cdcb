import { d1Database } from '../db/client';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { leadReference } from '../leads/lead-summary';
import { renderEmail } from '../outbox/email-layout';
import { fromTheBusiness, type OutgoingEmail } from '../outbox/mailer';
import { windowWords } from '../rules/job-status';
import type { ContentView } from '../site-content/view';
import { firstName, footerOf, requestLinks } from './email-parts';
import { jobReportOf, reportContentsWords } from './job-report';

/**
 * The customer's e-mails from the engineer's day (issue 50): "on my way" (the engineer's first
 * name, kept in the message's `about`, and the window) and the job report's link once the job is
 * finished, naming what the report holds as it is when the e-mail is written. Each is queued once per lead (`insertSiteEvent`); neither goes to a job closed as lost.
 */

export async function onMyWayEmail(
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  content: ContentView,
): Promise<OutgoingEmail | null> {
  if (lead.jobStatus === 'lost') return null;
  const { site } = content;
  const who = message.about || 'Our engineer';
  const window = lead.bookedFrom && lead.bookedTo ? windowWords(lead.bookedFrom, lead.bookedTo) : '';
  const links = await requestLinks(env, lead);
  return {
    to: { email: lead.email, name: lead.name },
    ...fromTheBusiness(env, site),
    subject: `${who} from ${site.name} is on the way`,
    ...renderEmail({
      heading: `${who} is on the way`,
      intro: [
        `Hello ${firstName(lead.name)},`,
        window ? `${who} is on the way to you now, for your visit booked ${window}.` : `${who} is on the way to you now.`,
        ...(links ? [{ text: 'See your booking', href: links.page }] : []),
      ],
      rows: [...(lead.address ? ([['Address', lead.address]] as const) : []), ['Reference', leadReference(lead.id)]],
      longLabel: 'Need to reach us?',
      longText: `Reply to this e-mail or call us on ${site.phone.emergency.display}.`,
      footer: footerOf(content),
    }),
  };
}

export async function reportEmail(
  env: Bindings,
  lead: Lead,
  _message: LeadMessage,
  content: ContentView,
): Promise<OutgoingEmail | null> {
  if (lead.jobStatus === 'lost') return null;
  const links = await requestLinks(env, lead);
  if (!links) return null;
  const report = await jobReportOf(d1Database(env), lead);
  if (!report) return null;
  const { site } = content;
  const holds = reportContentsWords(report);
  return {
    to: { email: lead.email, name: lead.name },
    ...fromTheBusiness(env, site),
    subject: `Your job report from ${site.name}`,
    ...renderEmail({
      heading: 'Your job report',
      intro: [
        `Hello ${firstName(lead.name)},`,
        holds
          ? `The work is finished. Your job report is ready to read or print: it holds ${holds}.`
          : 'The work is finished. Your job report is ready to read or print.',
        { text: 'Read your job report', href: `${links.page}/report` },
      ],
      rows: [['Reference', leadReference(lead.id)]],
      longLabel: 'Questions?',
      longText: `Reply to this e-mail or call us on ${site.phone.emergency.display}.`,
      footer: footerOf(content),
    }),
  };
}
