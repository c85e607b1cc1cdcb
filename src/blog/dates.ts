const MONTHS = [
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

/** The last Sunday of a month, 01:00 UTC: when UK clocks change (the rule since 1996). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** The UK's offset from UTC at an instant: an hour in British Summer Time, none otherwise. */
export function ukOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 3_600_000 : 0;
}

/**
 * '2025-03-05T09:00:00.000Z' -> '5 March 2025', on the UK calendar (a post at 23:30 UTC in summer
 * is the next day). By hand rather than Intl.DateTimeFormat: its first use in an isolate loads
 * ICU's time-zone data, milliseconds a cold start does not need to spend.
 */
export function formatPostDate(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const uk = new Date(time + ukOffsetMs(time));
  return `${uk.getUTCDate()} ${MONTHS[uk.getUTCMonth()]} ${uk.getUTCFullYear()}`;
}

/** A stored date as a full ISO 8601 UTC timestamp, or undefined when it does not parse. */
export function toIsoTimestamp(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The later of two stored dates (an edit before publication does not count as a modification). */
export function latestDate(publishedAt: string, updatedAt: string | null | undefined): string {
  const published = toIsoTimestamp(publishedAt) ?? publishedAt;
  const updated = toIsoTimestamp(updatedAt);
  return updated && updated > published ? updated : published;
}
