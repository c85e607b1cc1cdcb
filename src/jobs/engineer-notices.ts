import { assigneeOf, defaultOwnerId } from '../db/assignment';
import type { D1Db as Db } from '../db/client';
import type { QueuedMessage } from '../db/job-changes';
import type { Booking } from '../db/lead-jobs';
import { findPerson } from '../db/people';
import type { Lead } from '../db/schema';
import { LEASE_MS } from '../outbox/retry-rule';
import { londonDay } from '../rules/uk-time';

/**
 * An engineer is told when a job is given to them, moved (its day or window changed) or taken
 * off them (given to someone else, cancelled, lost): an e-mail queued with the change itself, in
 * its batch (`recordJobChange`), and an alert on their devices with alerts on, both tried just
 * after the answer (`deliverQueuedNow`). Only engineers: the owner and the office make these
 * changes themselves. The e-mail's `about` carries what happened, to whom and the visit as it
 * was then, so a retry tells the same thing (a later change queues its own notice).
 */

export type EngineerNoticeWhat = 'given' | 'moved' | 'off';

export interface EngineerNotice {
  what: EngineerNoticeWhat;
  personId: number;
  booking: Booking;
}

/** 'given|12|2026-12-03|10:00|12:00' */
const engineerNoticeAbout = (notice: EngineerNotice) =>
  [notice.what, notice.personId, notice.booking.day, notice.booking.from, notice.booking.to].join('|');

const ABOUT = /^(given|moved|off)\|(\d{1,10})\|(\d{4}-\d{2}-\d{2})\|(\d{2}:\d{2})\|(\d{2}:\d{2})$/;

export function readEngineerNotice(about: string): EngineerNotice | null {
  const match = ABOUT.exec(about);
  if (!match) return null;
  const [, what, person, day, from, to] = match as unknown as [string, EngineerNoticeWhat, string, string, string, string];
  return { what, personId: Number(person), booking: { day, from, to } };
}

/** A lead's visit when it has one to go to (booked, or waiting for the customer's new time), and whose it is. */
type Visit = { personId: number | null; booking: Booking } | null;

function visitOf(
  lead: Pick<Lead, 'jobStatus' | 'bookedDay' | 'bookedFrom' | 'bookedTo' | 'assignedTo'>,
  ownerId: number | null,
): Visit {
  if ((lead.jobStatus !== 'booked' && lead.jobStatus !== 'rebook') || !lead.bookedDay || !lead.bookedFrom || !lead.bookedTo) {
    return null;
  }
  return { personId: assigneeOf(lead, ownerId), booking: { day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo } };
}

const sameBooking = (a: Booking, b: Booking) => a.day === b.day && a.from === b.from && a.to === b.to;

/**
 * The engineers' e-mails a change queues, from the lead as it was read and its columns after:
 * the one taken off, the one given it, or the one whose visit moved.
 */
export async function engineerNotices(db: Db, lead: Lead, after: Partial<Lead>, now: number): Promise<QueuedMessage[]> {
  // Done is the visit made, not taken off; a visit already past is nobody's to go to.
  if (after.jobStatus === 'done') return [];
  const ownerId = await defaultOwnerId(db);
  const today = londonDay(now);
  const was = visitOf(lead, ownerId);
  const before = was && was.booking.day >= today ? was : null;
  const then = visitOf({ ...lead, ...after }, ownerId);
  const notices: EngineerNotice[] = [];
  if (before?.personId && before.personId !== then?.personId)
    notices.push({ what: 'off', personId: before.personId, booking: before.booking });
  if (then?.personId && then.booking.day >= today) {
    if (before?.personId !== then.personId) notices.push({ what: 'given', personId: then.personId, booking: then.booking });
    else if (!sameBooking(before.booking, then.booking))
      notices.push({ what: 'moved', personId: then.personId, booking: then.booking });
  }
  const engineers = await Promise.all(
    notices.map(async (notice) => (await findPerson(db, notice.personId))?.role === 'engineer'),
  );
  return notices
    .filter((_, i) => engineers[i])
    .map((notice) => ({ kind: 'engineer' as const, dueAt: now + LEASE_MS, about: engineerNoticeAbout(notice) }));
}
