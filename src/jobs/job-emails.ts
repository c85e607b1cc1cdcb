import { and, desc, eq, sql } from 'drizzle-orm';
import { d1Database } from '../db/client';
import { CANCELLED_VISIT, MOVED } from '../db/job-changes';
import { type Lead, type LeadMessage, leadEvents, leadMessages } from '../db/schema';
import type { Bindings } from '../env';
import { urgentLine } from '../leads/call-back';
import { adminLeadUrl, serviceTitle } from '../leads/email-content';
import { leadReference } from '../leads/lead-summary';
import { type Paragraph, renderEmail } from '../outbox/email-layout';
import type { OutgoingEmail } from '../outbox/mailer';
import { toBase64Url } from '../rules/base64url';
import { betweenWords, bookingWords, dayWords, ON_THE_DAY, windowWords } from '../rules/job-status';
import type { ContentView } from '../site-content/view';
import { bookingIcs, cancelIcs } from './ics';
import { requestPath, requestToken } from './request-token';

/**
 * The e-mails of a lead as a job: the booking to the customer (with its .ics; its move; its
 * cancellation with a METHOD:CANCEL .ics), the owner's notice
 * of a customer's request, and the review request and its one reminder. A review e-mail is only
 * written while it is still wanted (the job still done, no stop, no click yet, and for the
 * reminder the request itself sent): otherwise null, and the outbox marks it cancelled.
 */

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** ASCII-safe base64 of UTF-8 text (MailChannels attachments take base64 content). */
function base64Of(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The request page's address, and its review redirect and stop line. */
export async function requestLinks(env: Bindings, lead: Lead) {
  if (!lead.requestKey) return null;
  const page = `${env.SITE_ORIGIN.replace(/\/+$/, '')}${requestPath(await requestToken(env, lead.requestKey))}`;
  return { page, review: `${page}/review`, stop: `${page}/stop` };
}

/** A stable calendar UID for a lead's bookings, from its request key (never its id). */
async function calendarUid(requestKey: string, origin: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`calendar:${requestKey}`));
  return `${toBase64Url(new Uint8Array(digest).slice(0, 12))}@${new URL(origin).hostname}`;
}

/** The customer's line for an emergency, as it stands when the e-mail is sent (a notice may close the line). */
const somethingUrgent = (site: ContentView['site'], now: number) =>
  urgentLine(site, now, `Something urgent? Call us ${site.line.when} on ${site.phone.emergency.display}.`);

const footerOf = ({ site }: ContentView) =>
  `${site.name}, ${site.address.locality}, ${site.address.town}. ${site.phone.emergency.display} (${site.line.when}). ${site.email.address}`;

/**
 * The visit is off (the customer cancelled it, or the owner marked the job lost before it): the
 * same UID, the SEQUENCE the change raised, METHOD:CANCEL, so their calendar drops it. Nothing once
 * the job is booked again (that booking's own e-mail replaces the event).
 */
export async function cancelEmail(env: Bindings, lead: Lead, content: ContentView, now: number): Promise<OutgoingEmail | null> {
  if (ON_THE_DAY.includes(lead.jobStatus) || !lead.email || !lead.requestKey) return null;
  if (!lead.bookedDay || !lead.bookedFrom || !lead.bookedTo) return null;
  const { site } = content;
  const booking = { day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo };
  const service = lead.service ? serviceTitle(lead.service, content.services) : 'Your visit';
  const when = bookingWords(booking);
  const ics = cancelIcs({
    uid: await calendarUid(lead.requestKey, env.SITE_ORIGIN),
    sequence: lead.bookingSequence,
    booking,
    summary: `Cancelled: ${site.name}: ${service}`,
    description: `Cancelled. Reference ${leadReference(lead.id)}.`,
    location: lead.address,
    organizer: { name: site.name, email: env.LEADS_FROM_EMAIL },
    attendee: { name: lead.name, email: lead.email },
    stamp: now,
  });
  return {
    to: { email: lead.email, name: lead.name },
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
    subject: `Cancelled: ${when} (${site.name})`,
    ...renderEmail({
      heading: 'Your visit is cancelled',
      intro: [
        `Hello ${firstName(lead.name)},`,
        lead.jobStatus === 'cancelled'
          ? `Your visit from ${site.name} on ${when} is cancelled, as you asked.`
          : `Your visit from ${site.name} on ${when} is cancelled.`,
        'The attached file takes the visit out of your calendar.',
        somethingUrgent(site, now),
      ],
      rows: [
        ['When', when],
        ['Service', service],
        ['Reference', leadReference(lead.id)],
      ],
      longLabel: 'Need us after all?',
      longText: `Reply to this e-mail or call us on ${site.phone.emergency.display}, and we will book a new time.`,
      footer: footerOf(content),
    }),
    attachments: [{ filename: 'cancel.ics', type: 'text/calendar; method=CANCEL', content: base64Of(ics) }],
  };
}

async function bookingEmail(
  env: Bindings,
  lead: Lead,
  message: LeadMessage,
  content: ContentView,
  now: number,
): Promise<OutgoingEmail | null> {
  if (message.about === CANCELLED_VISIT) return cancelEmail(env, lead, content, now);
  const links = await requestLinks(env, lead);
  if (lead.jobStatus !== 'booked' || !lead.bookedDay || !lead.bookedFrom || !lead.bookedTo || !links) return null;
  const { site } = content;
  const booking = { day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo };
  const service = lead.service ? serviceTitle(lead.service, content.services) : 'Your visit';
  const when = bookingWords(booking);
  // Same UID, higher SEQUENCE: the customer's calendar replaces the event it has (a move, or a visit booked again).
  const moved = message.about === MOVED;
  const ics = bookingIcs({
    uid: await calendarUid(lead.requestKey!, env.SITE_ORIGIN),
    sequence: lead.bookingSequence,
    booking,
    summary: `${site.name}: ${service}`,
    description: `Arriving ${betweenWords(booking.from, booking.to)}. Reference ${leadReference(lead.id)}. Your booking: ${links.page}`,
    location: lead.address,
    organizer: { name: site.name, email: env.LEADS_FROM_EMAIL },
    stamp: now,
  });
  const intro: Paragraph[] = [
    `Hello ${firstName(lead.name)},`,
    moved
      ? `Your visit from ${site.name} has moved. It is now ${when}. We will arrive within that window.`
      : `You are booked in with ${site.name}: ${when}. We will arrive within that window.`,
    moved ? 'The attached file moves the visit in your calendar.' : 'The attached file adds the visit to your calendar.',
    { text: 'See your booking, ask to move it or cancel it', href: links.page },
    somethingUrgent(site, now),
  ];
  return {
    to: { email: lead.email, name: lead.name },
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
    subject: `${moved ? 'Moved' : 'Booked'}: ${when} (${site.name})`,
    ...renderEmail({
      heading: moved ? 'Your visit has moved' : 'Your booking',
      intro,
      rows: [
        ['When', when],
        ['Service', service],
        ...(lead.address ? ([['Address', lead.address]] as const) : []),
        ['Reference', leadReference(lead.id)],
      ],
      longLabel: 'To change it',
      longText: 'Use the link above, reply to this e-mail, or call us.',
      footer: footerOf(content),
    }),
    attachments: [{ filename: 'booking.ics', type: 'text/calendar', content: base64Of(ics) }],
  };
}

/** The customer's own words with their latest request of this kind (a reason or a better time), '' when none. */
async function customerWords(env: Bindings, leadId: string, kind: string): Promise<string> {
  if (kind !== 'cancel' && kind !== 'rebook') return '';
  const event = await d1Database(env)
    .select({ detail: leadEvents.detail })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, kind)))
    .orderBy(desc(leadEvents.createdAt))
    .get();
  return event?.detail ?? '';
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
    const first = await d1Database(env)
      .select({ status: leadMessages.status })
      .from(leadMessages)
      // The kind written into the statement, not bound: a partial index on kinds serves only literals.
      .where(and(eq(leadMessages.leadId, lead.id), sql`${leadMessages.kind} = 'review'`))
      .get();
    if (first?.status !== 'sent') return null;
  }
  const links = await requestLinks(env, lead);
  if (!links) return null;
  const { site } = content;
  return {
    to: { email: lead.email, name: lead.name },
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
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
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
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
    default:
      return null;
  }
}
