/**
 * UK time (Europe/London: GMT in winter, BST in summer), the owner's clock, computed one way for
 * the whole site: the blog's dates, the admin's date fields and lists, the dashboard's days, the
 * lead e-mails. By hand rather than Intl.DateTimeFormat: an isolate's first Intl call with a time
 * zone loads ICU's zone data, milliseconds a cold start does not need to spend, and the output no
 * longer depends on the runtime's ICU version. test/unit/uk-time.test.ts checks it against Intl.
 */

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
export function ukOffsetMs(time: number): number {
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
