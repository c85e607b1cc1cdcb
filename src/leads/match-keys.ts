import type { D1Db as Db } from '../db/client';
import { type MatchKeys, setMatchKeys, unkeyedLeads } from '../db/returning';
import type { Lead } from '../db/schema';
import { phoneMatchKey } from '../rules/phone';
import { postcodeOf, withoutPostcodes } from './area-check';

/**
 * What tells a customer who comes back (issue 37): three keys stored on each lead when it is
 * written (and on older leads by the cron, keyOlderLeads), each '' when the lead has none.
 * A lead is a returning customer's when any key equals an earlier lead's.
 * - phone: the number however written (`phoneMatchKey`, from the one home of phone rules);
 * - e-mail: trimmed, case ignored;
 * - place: the address's postcode and its house number or name ('SO419AA 4'): the same postcode
 *   with another house number is a neighbour, not the same customer.
 */

/** Longer house names are cut: a key, not a copy of the address. */
const HOUSE_MAX = 60;

/** '4 Mill Lane' -> '4', '12-14 High St' -> '12-14', '4a Mill Lane' -> '4a'. */
const LEADING_NUMBER = /^(\d+[a-z]?)(?:\s*[-–/]\s*(\d+[a-z]?))?(?![a-z\d])/;

/** A first part ending in one of these is the street, not a house: 'Mill Lane, Lymington' names no house. */
const STREET_END =
  /\b(?:road|rd|lane|ln|street|st|avenue|ave|close|cl|drive|dr|way|crescent|cres|gardens|gdns|grove|terrace|walk|mews|row|square|sq|hill|park|place|pl)$/;

/**
 * The house: the number the address starts with ('4', '4a', '12-14'); or else its first part
 * (up to the first comma) as a name ('rose cottage', 'flat 2'), lower case, words only, when
 * more of the address follows it and it is not a street. '' when there is neither: a town and a
 * postcode alone, or a street without a number, tell no house from its neighbours.
 */
export function houseOf(address: string): string {
  const text = withoutPostcodes(address).toLowerCase().trim();
  const number = LEADING_NUMBER.exec(text);
  if (number) return number[2] ? `${number[1]}-${number[2]}` : number[1]!;
  const parts = text
    .split(/[,\n]/)
    .map((part) =>
      part
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
        .slice(0, HOUSE_MAX)
        .trim(),
    )
    .filter(Boolean);
  const name = parts[0] ?? '';
  return parts.length >= 2 && !STREET_END.test(name) ? name : '';
}

/** The postcode and house of an address ('SO419AA 4'); '' unless it has both. */
export function placeKey(address: string): string {
  const postcode = postcodeOf(address);
  const house = houseOf(address);
  return postcode && house ? `${postcode} ${house}` : '';
}

export function matchKeysOf(lead: Partial<Pick<Lead, 'phone' | 'email' | 'address'>>): MatchKeys {
  return {
    matchPhone: phoneMatchKey(lead.phone ?? ''),
    matchEmail: (lead.email ?? '').trim().toLowerCase(),
    matchPlace: placeKey(lead.address ?? ''),
  };
}

/** Leads keyed a cron run: one read and one write, each one statement. */
const KEYED_PER_RUN = 500;

/**
 * Keys the leads stored before keys were (migration 0013 left them null), oldest first, with the
 * rules above, so they are written in one place only. The cron runs it until none is left;
 * returns how many it keyed.
 */
export async function keyOlderLeads(db: Db, limit = KEYED_PER_RUN): Promise<number> {
  const rows = await unkeyedLeads(db, limit);
  await setMatchKeys(db, Object.fromEntries(rows.map((row) => [row.id, matchKeysOf(row)])));
  return rows.length;
}
