/**
 * UK time (Europe/London: GMT in winter, BST in summer), the owner's clock, computed one way for
 * the whole site: the blog's dates, the admin's date fields and lists, the dashboard's days, the
 * lead e-mails. By hand rather than Intl.DateTimeFormat: an isolate's first Intl call with a time
 * zone loads ICU's zone data, milliseconds a cold start does not need to spend, and the output no
 * longer depends on the runtime's ICU version. test/unit/uk-time.test.ts checks it against Intl.
 * A time of day shown to a person is 12-hour, one way (formatLondonTime, clockWords): '6:43pm'.
 */

import { clockWords } from './clock-words';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** en-GB's short month names (CLDR's, as Intl writes them: 'Sept'). */
export const SHORT_MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const HOUR_MS = 3_600_000;

/** The last Sunday of a month, 01:00 UTC: when UK clocks change (the rule since 1996). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** The UK's offset from UTC at an instant: an hour in British Summer Time, none otherwise. */
function ukOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? HOUR_MS : 0;
}

/** What a UK clock and calendar show at an instant (month 1-12). */
export interface UkClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function ukClock(time: number): UkClock {
  const uk = new Date(time + ukOffsetMs(time));
  return {
    year: uk.getUTCFullYear(),
    month: uk.getUTCMonth() + 1,
    day: uk.getUTCDate(),
    hour: uk.getUTCHours(),
    minute: uk.getUTCMinutes(),
    second: uk.getUTCSeconds(),
  };
}

/**
 * The instant a UK clock showing this wall-clock time (given as if it were UTC, e.g. from
 * Date.UTC) means. A time that does not exist (the skipped hour in March) moves an hour on; a
 * time that occurs twice (the repeated hour in October) is read as the second, GMT, one.
 */
export function ukWallClockToUtc(wallClock: number): number {
  const utc = wallClock - ukOffsetMs(wallClock);
  const corrected = ukOffsetMs(utc);
  return wallClock - utc === corrected ? utc : wallClock - corrected;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** The instant the UK year after the one at `time` begins (midnight, 1 January, London). */
export const nextUkYearStart = (time: number) => ukWallClockToUtc(Date.UTC(ukClock(time).year + 1, 0, 1));

// Days. The owner's calendar is UK time: a tap at 00:30 BST belongs to that day, not the one
// before, and the dashboard's weeks start on a UK Monday.

/** The UK date of an instant, 'YYYY-MM-DD'. */
export function londonDay(ms: number): string {
  const { year, month, day } = ukClock(ms);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** A 'YYYY-MM-DD' date moved by whole days (calendar arithmetic, no clocks involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Monday on or before a 'YYYY-MM-DD' date. */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

// The admin's date fields are `datetime-local` inputs read as UK time, because that is the
// owner's clock; the database keeps ISO 8601 UTC. A time that does not exist or occurs twice is
// read as ukWallClockToUtc says.

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

/** A UK time of day as the site writes one: '9:30am', '6:43pm', '12pm', 'midnight' (clockWords). */
export function formatLondonTime(value: string | number): string {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return String(value);
  const p = ukClock(ms);
  return clockWords(`${pad2(p.hour)}:${pad2(p.minute)}`);
}

/** '1 Jul 2026, 9:30am' in London time, for lists. */
export function formatLondon(value: string | number): string {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return String(value);
  const p = ukClock(ms);
  return `${p.day} ${SHORT_MONTH_NAMES[p.month - 1]} ${p.year}, ${formatLondonTime(ms)}`;
}
