import { londonDay as londonDayOf, MONTH_NAMES, ukWallClockToUtc } from './uk-time';

/** UK calendar days ('YYYY-MM-DD') as invoices count them, and the instants they start. Browser-safe. */
export { addDays, londonDay } from './uk-time';

const DAY_MS = 86_400_000;

const utcOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The instant a UK day begins (midnight, London): how due dates are stored. */
export const ukDayStart = (day: string) => ukWallClockToUtc(utcOf(day));

/** '12 December 2026': the date of an instant in the UK, as invoices print it. */
export function formatUkDate(ms: number): string {
  const [year, month, day] = londonDayOf(ms).split('-').map(Number) as [number, number, number];
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
