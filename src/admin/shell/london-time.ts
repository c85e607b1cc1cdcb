import { pad2, SHORT_MONTH_NAMES, ukClock, ukWallClockToUtc } from '../../rules/uk-time';

/**
 * The editor's date field is a `datetime-local` input read as UK time (Europe/London: GMT in
 * winter, BST in summer), because that is the owner's clock; the database keeps ISO 8601 UTC.
 * A time that does not exist (the skipped hour in March) moves an hour on; a time that occurs
 * twice (the repeated hour in October) is read as the second, GMT, one (src/rules/uk-time.ts).
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** '2026-07-01T09:30' (London) -> the UTC instant, or null if it is not a real date and time. */
export function londonLocalToUtc(value: string): Date | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const naive = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(naive);
  // Date.UTC rolls 31 February over into March: refuse instead.
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second! > 59)
    return null;
  return new Date(ukWallClockToUtc(naive));
}

/** A stored ISO date as the editor's field value in London time ('2026-07-01T09:30'), or '' if unreadable. */
export function utcToLondonLocal(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const p = ukClock(ms);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** '1 Jul 2026, 09:30' in London time, for lists. */
export function formatLondon(value: string | number): string {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return String(value);
  const p = ukClock(ms);
  return `${p.day} ${SHORT_MONTH_NAMES[p.month - 1]} ${p.year}, ${pad2(p.hour)}:${pad2(p.minute)}`;
}
