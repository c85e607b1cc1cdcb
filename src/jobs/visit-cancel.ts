import { CANCELLED_VISIT, type JobChange } from '../db/job-changes';
import type { Lead } from '../db/schema';
import { LEASE_MS } from '../outbox/retry-rule';
import { bookingWords, ON_THE_DAY } from '../rules/job-status';
import { londonDay, pad2, ukClock } from '../rules/uk-time';

/**
 * A visit taken off (the customer cancels it, or the owner marks the booked job lost) while it is
 * still ahead: the customer's calendar has it from the booking e-mail, so they are e-mailed that it
 * is off with a METHOD:CANCEL .ics of the same UID and a SEQUENCE one higher (cancelEmail).
 * A visit whose window is over, or a job never booked, sends nothing.
 */

/** Booked (or waiting for a new time) with a window not yet over, UK time. */
export function visitAhead(lead: Pick<Lead, 'jobStatus' | 'bookedDay' | 'bookedTo'>, now: number): boolean {
  if (!ON_THE_DAY.includes(lead.jobStatus) || !lead.bookedDay || !lead.bookedTo) return false;
  const today = londonDay(now);
  if (lead.bookedDay !== today) return lead.bookedDay > today;
  const clock = ukClock(now);
  return lead.bookedTo > `${pad2(clock.hour)}:${pad2(clock.minute)}`;
}

/** What a change that takes the visit off adds: the higher SEQUENCE, the cancellation e-mail, the booking's e-mails still waiting stopped. */
export function visitCancellation(lead: Lead, now: number): Pick<JobChange, 'queued' | 'cancels'> & { columns: Partial<Lead> } {
  if (!visitAhead(lead, now)) return { columns: {}, queued: [], cancels: [] };
  return {
    // Read with the lead's state_change, like a booking's.
    columns: { bookingSequence: lead.bookingSequence + 1 },
    queued: [{ kind: 'booking', dueAt: now + LEASE_MS, about: CANCELLED_VISIT }],
    cancels: ['booking', 'visit'],
  };
}

/**
 * What erasing this lead tells its customer, for the owner's confirmation: the visit still ahead is
 * cancelled (`cancellationInserts`), or null when it has none. While e-mail is not set up
 * (`mailOn` false) nothing is sent, and the owner is told to ring them while he still can.
 */
export function erasureCancelWords(
  lead: Pick<Lead, 'jobStatus' | 'bookedDay' | 'bookedFrom' | 'bookedTo'>,
  now: number,
  mailOn = true,
) {
  if (!visitAhead(lead, now) || !lead.bookedFrom) return null;
  const when = bookingWords({ day: lead.bookedDay!, from: lead.bookedFrom, to: lead.bookedTo! });
  return mailOn
    ? `The visit on ${when} is still to come, so the customer is e-mailed that it is cancelled, with a calendar file that takes it out of their calendar.`
    : `The visit on ${when} is still to come, and e-mail is not set up, so the customer will not be told it is cancelled: ring them first, while you have their number.`;
}
