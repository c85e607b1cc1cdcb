import type { Lead } from '../db/schema';
import type { FeedEvent } from '../jobs/ics';
import { windowWords } from '../rules/job-status';
import type { ContentView } from '../site-content/view';
import { serviceIn } from '../site-content/view';

/**
 * A booked job as an event of a person's feed: what the schedule shows them (name, service,
 * window, address, phone) and a link to the lead in the admin. Never the customer's e-mail, their
 * message or the owner's notes: a calendar app syncs to servers the business does not control.
 */
export function feedEvent(lead: Lead, content: ContentView, origin: string, stamp: number): FeedEvent {
  const base = origin.replace(/\/+$/, '');
  const service = lead.service ? (serviceIn(content, lead.service)?.title ?? lead.service) : 'Visit';
  const booking = { day: lead.bookedDay!, from: lead.bookedFrom!, to: lead.bookedTo! };
  const url = `${base}/admin/leads/${lead.id}`;
  return {
    uid: `diary-${lead.id}@${new URL(base).hostname}`,
    // One higher each time the visit is booked or moved, so it moves in the calendar.
    sequence: lead.bookingSequence,
    stamp,
    booking,
    summary: `${lead.name}: ${service}${lead.jobStatus === 'done' ? ' (done)' : ''}`,
    description: [`Arriving ${windowWords(booking.from, booking.to)}.`, lead.phone ? `Phone: ${lead.phone}` : '', `Lead: ${url}`]
      .filter(Boolean)
      .join('\n'),
    location: lead.address,
    url,
  };
}
