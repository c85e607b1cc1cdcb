import { bestTimeLabel } from '../content/best-times';
import type { Lead } from '../db/schema';
import { formatLondonTime, MONTH_NAMES, ukClock } from '../rules/uk-time';
import { postcodeDistrictOf } from './area-check';

/** What every view of a lead says the same way: the owner's and customer's e-mails, the admin, the CSV. */

/**
 * The short reference a customer quotes on the phone: the first 8 characters of the lead's id.
 * The admin, both e-mails and the sent panel (the islands' JSON answer, the answer page's ?ref=)
 * all show this one.
 */
export const leadReference = (id: string) => id.slice(0, 8).toUpperCase();

/** Is this a reference as leadReference makes them (ids are UUIDs)? Anything else in ?ref= is ignored. */
export const isLeadReference = (value: string) => /^[0-9A-F]{8}$/.test(value);

/** Received time in UK time: '23 November 2026 at 10:30am'. */
export function receivedAt(lead: Pick<Lead, 'createdAt'>): string {
  const ms = new Date(lead.createdAt).getTime();
  const uk = ukClock(ms);
  return `${uk.day} ${MONTH_NAMES[uk.month - 1]} ${uk.year} at ${formatLondonTime(ms)}`;
}

export const bestTimeOf = (lead: Pick<Lead, 'bestTime'>) => bestTimeLabel(lead.bestTime);

/** The owner's note on a quote's address against the areas served; null for contact messages. */
export function areaNote(lead: Pick<Lead, 'areaCheck' | 'address'>): string | null {
  const district = postcodeDistrictOf(lead.address);
  switch (lead.areaCheck) {
    case 'covered':
      return `In an area we serve (${district ?? 'postcode'})`;
    case 'outside':
      return `OUTSIDE the areas we serve (${district ?? 'postcode'}): confirm you can cover it`;
    case 'unknown':
      return 'No postcode recognised: check the address';
    default:
      return null;
  }
}

export const photoCountText = (count: number) => (count === 0 ? 'None' : `${count} ${count === 1 ? 'photo' : 'photos'}`);
