/**
 * The editor's date field is a `datetime-local` input read as UK time (Europe/London: GMT in
 * winter, BST in summer), because that is the owner's clock; the database keeps ISO 8601 UTC.
 * A time that does not exist (the skipped hour in March) moves an hour on; a time that occurs
 * twice (the repeated hour in October) is read as the second, GMT, one.
 */
export const ADMIN_TIME_ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: ADMIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(ms: number) {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** London's offset from UTC at an instant, in ms (0 in winter, 3,600,000 in summer). */
function offsetAt(ms: number): number {
  const p = londonParts(ms);
  const wholeSeconds = Math.floor(ms / 1000) * 1000;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSeconds;
}

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
  let utc = naive - offsetAt(naive);
  const corrected = offsetAt(utc);
  if (naive - utc !== corrected) utc = naive - corrected;
  return new Date(utc);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored ISO date as the editor's field value in London time ('2026-07-01T09:30'), or '' if unreadable. */
export function utcToLondonLocal(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const p = londonParts(ms);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const READABLE = new Intl.DateTimeFormat('en-GB', {
  timeZone: ADMIN_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '1 Jul 2026, 09:30' in London time, for lists. */
export function formatLondon(value: string | number): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : READABLE.format(date);
}
