import { d1Database } from '../db/client';
import { findPerson } from '../db/people';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { adminLeadUrl, serviceTitle } from '../leads/email-content';
import { leadReference } from '../leads/lead-summary';
import { renderEmail } from '../outbox/email-layout';
import type { OutgoingEmail } from '../outbox/mailer';
import { betweenWords, bookingWords, dayWords } from '../rules/job-status';
import type { ContentView } from '../site-content/view';
import { firstName, footerOf } from './email-parts';
import { readEngineerNotice } from './engineer-notices';

/**
 * The e-mail to an engineer of a job given to them, moved or taken off them (`engineerNotices`):
 * when, who and where, and a link to their job page; for a job taken off them only when it was
 * and its reference. Never the customer's e-mail address, phone or message, nor any money.
 * Nothing when the person has left or has no address.
 */
export async function engineerEmail(
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  content: ContentView,
): Promise<OutgoingEmail | null> {
  const notice = readEngineerNotice(message.about);
  if (!notice) return null;
  const person = await findPerson(d1Database(env), notice.personId);
  if (!person?.email) return null;
  const { booking } = notice;
  const reference = leadReference(lead.id);
  const when = bookingWords(booking);
  const hello = `Hello ${firstName(person.name)},`;
  const from = { email: env.LEADS_FROM_EMAIL, name: content.site.name };
  const to = { email: person.email, name: person.name };
  if (notice.what === 'off') {
    return {
      to,
      from,
      subject: `Job taken off you: ${when} (ref. ${reference})`,
      ...renderEmail({
        heading: 'A job is no longer yours',
        intro: [hello, `The job on ${dayWords(booking.day)} is no longer yours: you do not need to go.`],
        rows: [
          ['When it was', when],
          ['Reference', reference],
        ],
        longLabel: 'Your jobs',
        longText: 'The schedule in the admin shows every job that is yours.',
        footer: footerOf(content),
      }),
    };
  }
  const moved = notice.what === 'moved';
  return {
    to,
    from,
    subject: `${moved ? 'Job moved' : 'New job for you'}: ${when} (ref. ${reference})`,
    ...renderEmail({
      heading: moved ? 'Your job has moved' : 'A job for you',
      intro: [
        hello,
        `${moved ? 'Your job is now on' : 'A job is now yours:'} ${dayWords(booking.day)}, arriving ${betweenWords(booking.from, booking.to)}.`,
        { text: 'Open the job', href: adminLeadUrl(env.SITE_ORIGIN, lead.id) },
      ],
      rows: [
        ['When', when],
        ['Customer', lead.name],
        ['Address', lead.address || 'Not given yet: see the job page'],
        ...(lead.kind === 'quote' ? ([['Service', serviceTitle(lead.service, content.services)]] as const) : []),
        ['Reference', reference],
      ],
      longLabel: 'Something wrong?',
      longText: 'Tell the office as soon as you can, so they can give the job to someone else or move it.',
      footer: footerOf(content),
    }),
  };
}
