import type { QueuedMessage } from '../db/job-changes';
import type { Booking } from '../db/lead-jobs';
import { ukWallClockToUtc } from '../rules/uk-time';

/**
 * The customer's reminder of a booked visit: at 18:00 UK time the day before, so it arrives the
 * evening they plan the next day. Not queued for a visit booked less than 12 hours ahead (the
 * booking e-mail has only just gone), nor once that evening has passed. When due, the e-mail is
 * written again from the lead as it is then (visitEmail): a visit moved to another
 * day, cancelled or lost, or a customer who said stop, gets nothing.
 */
const REMINDER_HOUR = 18;
const TOO_SOON_MS = 12 * 60 * 60_000;

const wallClock = (day: string, hour: number, minute = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hour, minute);
};

/** When the reminder of this booking is due (UTC ms), or null when none should go. */
function visitReminderDueAt(booking: Booking, now: number): number | null {
  const [hour, minute] = booking.from.split(':').map(Number) as [number, number];
  const visitStarts = ukWallClockToUtc(wallClock(booking.day, hour, minute));
  // 18:00 on the calendar day before (Date.UTC rolls day 0 back into the previous month).
  const dueAt = ukWallClockToUtc(wallClock(booking.day, REMINDER_HOUR) - 24 * 60 * 60_000);
  if (visitStarts - now < TOO_SOON_MS || dueAt <= now) return null;
  return dueAt;
}

/** The reminder to queue with a booking, if any: `about` is the day it reminds of. */
export function visitReminderFor(booking: Booking, now: number): QueuedMessage[] {
  const dueAt = visitReminderDueAt(booking, now);
  return dueAt === null ? [] : [{ kind: 'visit', dueAt, about: booking.day }];
}
