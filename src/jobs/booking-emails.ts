import { CANCELLED_VISIT, MOVED } from '../db/job-changes';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { serviceTitle } from '../leads/email-content';
import { leadReference } from '../leads/lead-summary';
import { type Paragraph, renderEmail } from '../outbox/email-layout';
import { fromTheBusiness, type OutgoingEmail } from '../outbox/mailer';
import { betweenWords, bookingWords, ON_THE_DAY } from '../rules/job-status';
import type { ContentView } from '../site-content/view';
import { base64Of, calendarUid, firstName, footerOf, requestLinks, somethingUrgent } from './email-parts';
import { bookingIcs, cancelIcs } from './ics';

/**
 * The booking e-mails to the customer, each with its .ics: the booking, its move (same UID, a
 * higher SEQUENCE), and its cancellation (METHOD:CANCEL).
 */

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
    ...fromTheBusiness(env, site),
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

export async function bookingEmail(
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
    ...fromTheBusiness(env, site),
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
