import { pad2, ukClock } from './uk-time';

/**
 * The owner's calendar is UK time (GMT in winter, BST in summer): a tap at 00:30 BST belongs to
 * that day, not the one before, and the dashboard's weeks start on a UK Monday.
 */

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
