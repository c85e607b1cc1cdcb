import { d1Database } from '../db/client';
import { latestDetailOfKind } from '../db/customer-entries';
import { reviewRequestStatus } from '../db/lead-messages';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { alertUndelivered } from '../leads/composers';
import { adminLeadUrl } from '../leads/email-content';
import { leadReference } from '../leads/lead-summary';
import type { EmailComposer, LeadMail } from '../outbox/deliver';
import { renderEmail } from '../outbox/email-layout';
import { fromTheBusiness, type OutgoingEmail } from '../outbox/mailer';
import { betweenWords, bookingWords, dayWords, windowWords } from '../rules/job-status';
import { currentContent } from '../site-content/current';
import type { ContentView } from '../site-content/view';
import { bookingEmail } from './booking-emails';
import { firstName, footerOf, requestLinks } from './email-parts';
import { engineerEmail } from './engineer-emails';
import { onMyWayEmail, reportEmail } from './site-emails';

/**
 * The e-mails of a lead as a job: the booking to the customer (bookingEmail, with its .ics), the
 * owner's notice of a customer's request, the review request and its one reminder, and the
 * evening-before reminder of a visit, and an engineer's notice of a job given, moved or taken off. A review e-mail is only written while it is still wanted
 * (the job still done, no stop, no click yet, and for the reminder the request itself sent):
 * otherwise null, and the outbox marks it cancelled.
 */

/** The customer's own words with their latest request of this kind (a reason or a better time), '' when none. */
function customerWords(env: Bindings, leadId: string, kind: string): Promise<string> {
  if (kind !== 'cancel' && kind !== 'rebook') return Promise.resolve('');
  return latestDetailOfKind(d1Database(env), leadId, kind);
}

async function noticeEmail(env: Bindings, lead: Lead, message: LeadMessage, content: ContentView): Promise<OutgoingEmail> {
  const asked = message.about === 'cancel' ? 'cancelled the visit' : 'asks to rebook';
  const words = await customerWords(env, lead.id, message.about);
  const admin = adminLeadUrl(env.SITE_ORIGIN, lead.id);
  return {
    to: { email: env.LEADS_TO_EMAIL },
    from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
    replyTo: { email: lead.email, name: lead.name },
    subject: `${lead.name} ${asked} (ref. ${leadReference(lead.id)})`,
    ...renderEmail({
      heading: `${lead.name} ${asked}`,
      intro: [{ text: 'Open the lead', href: admin }],
      rows: [
        ['Booking', lead.bookedDay ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom!, to: lead.bookedTo! }) : 'None'],
        ...(words ? ([['Their words', words]] as const) : []),
        ['Phone', lead.phone || 'not given'],
        ['Reference', leadReference(lead.id)],
      ],
      longLabel: 'What to do',
      longText: 'Call or e-mail them, then update the lead.',
      footer: footerOf(content),
    }),
  };
}

async function reviewEmail(env: Bindings, lead: Lead, message: LeadMessage, content: ContentView): Promise<OutgoingEmail | null> {
  if (lead.jobStatus !== 'done' || lead.reviewsStoppedAt !== null || !content.site.reviewsUrl) return null;
  const reminder = message.kind === 'reminder';
  if (reminder) {
    if (lead.reviewClickedAt !== null) return null;
    if ((await reviewRequestStatus(d1Database(env), lead.id)) !== 'sent') return null;
  }
  const links = await requestLinks(env, lead);
  if (!links) return null;
  const { site } = content;
  return {
    to: { email: lead.email, name: lead.name },
    ...fromTheBusiness(env, site),
    subject: reminder ? `A reminder: would you review ${site.name}?` : `Would you review ${site.name}?`,
    ...renderEmail({
      heading: reminder ? 'A quick reminder' : 'Thank you',
      intro: [
        `Hello ${firstName(lead.name)},`,
        `Thank you for choosing ${site.name}. We ask every customer the same thing: would you tell others how it went, good or bad, in a review on Google?`,
        { text: 'Write a review on Google', href: links.review },
      ],
      rows: [['Reference', leadReference(lead.id)]],
      longLabel: 'No more of these',
      longText: reminder
        ? 'This is the last review request we will send you.'
        : 'We send one reminder at most. To stop review requests, use the link below.',
      outro: [{ text: 'Stop review requests', href: links.stop }],
      footer: footerOf(content),
    }),
  };
}

/** The evening before: the window, the address and their page; nothing if the visit moved, ended or they said stop. */
async function visitEmail(env: Bindings, lead: Lead, message: LeadMessage, content: ContentView): Promise<OutgoingEmail | null> {
  if (lead.jobStatus !== 'booked' || lead.bookedDay !== message.about || lead.reviewsStoppedAt !== null) return null;
  const links = await requestLinks(env, lead);
  if (!links || !lead.bookedFrom || !lead.bookedTo) return null;
  const { site } = content;
  const window = windowWords(lead.bookedFrom, lead.bookedTo);
  return {
    to: { email: lead.email, name: lead.name },
    ...fromTheBusiness(env, site),
    subject: `Tomorrow, ${window}: your visit from ${site.name}`,
    ...renderEmail({
      heading: 'See you tomorrow',
      intro: [
        `Hello ${firstName(lead.name)},`,
        `A reminder: we are coming tomorrow, ${dayWords(lead.bookedDay)}, and will arrive ${betweenWords(lead.bookedFrom, lead.bookedTo)}.`,
        { text: 'See your booking, ask to move it or cancel it', href: links.page },
      ],
      rows: [
        ['When', bookingWords({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo })],
        ...(lead.address ? ([['Address', lead.address]] as const) : []),
        ['Reference', leadReference(lead.id)],
      ],
      longLabel: 'Something changed?',
      longText: `Use the link above, reply to this e-mail, or call us on ${site.phone.emergency.display}.`,
      footer: footerOf(content),
    }),
  };
}

/** The e-mail a job message is now, or null when it is no longer wanted. */
export async function jobEmailFor(
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  content: ContentView,
  now: number,
): Promise<OutgoingEmail | null> {
  switch (message.kind) {
    case 'booking':
      return bookingEmail(env, lead, message, content, now);
    case 'notice':
      return noticeEmail(env, lead, message, content);
    case 'review':
    case 'reminder':
      return reviewEmail(env, lead, message, content);
    case 'visit':
      return visitEmail(env, lead, message, content);
    case 'engineer':
      return engineerEmail(env, lead, message, content);
    case 'on-my-way':
      return onMyWayEmail(env, lead, message, content);
    case 'report':
      return reportEmail(env, lead, message, content);
    default:
      return null;
  }
}

/** The kinds of message a job sends. */
type JobMessageKind = Extract<
  LeadMessageKind,
  'booking' | 'notice' | 'review' | 'reminder' | 'visit' | 'engineer' | 'on-my-way' | 'report'
>;

type JobEmail = (
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  content: ContentView,
  now: number,
) => Promise<OutgoingEmail | null>;

/** A job's e-mail written when it is tried, from the site's content as it stands then. */
const composer =
  (write: JobEmail): EmailComposer =>
  async (env, lead, message, { now }) =>
    write(env, lead, message, await currentContent(env, now), now);

/** A job's messages, one composer per kind, for their first tries (a booking, a notice to the owner) and the cron's. */
export const JOB_MAIL: LeadMail<JobMessageKind> = {
  composers: {
    booking: composer(bookingEmail),
    notice: composer(noticeEmail),
    review: composer(reviewEmail),
    reminder: composer(reviewEmail),
    visit: composer(visitEmail),
    engineer: composer(engineerEmail),
    'on-my-way': composer(onMyWayEmail),
    report: composer(reportEmail),
  },
  failedForGood: alertUndelivered,
};
