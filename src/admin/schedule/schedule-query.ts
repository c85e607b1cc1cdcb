import { addDays, mondayOf } from '../../rules/uk-time';

/**
 * The schedule's ?day= and ?week= values: a real calendar date written YYYY-MM-DD, in years a
 * diary can mean (2000-2199). Anything else is refused in words rather than guessed at, so a
 * mistyped link never shows an empty week as if nothing were booked.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;

export type DayQuery = { ok: true; day: string } | { ok: false; message: string };

/** A query value as a UK date: absent means `today`; present must be a real date in range. */
export function readDay(value: string | undefined, today: string, what: 'day' | 'week'): DayQuery {
  if (value === undefined || value === '') return { ok: true, day: today };
  const example = what === 'week' ? mondayOf(today) : today;
  const refusal = {
    ok: false as const,
    message: `That ${what} could not be read. Write a date as year-month-day, for example ${example}.`,
  };
  const match = DATE.exec(value);
  if (!match) return refusal;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    return { ok: false, message: `The schedule covers the years ${FIRST_YEAR} to ${LAST_YEAR}. Pick a date in them.` };
  }
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return refusal;
  return { ok: true, day: value };
}

/** The seven UK dates of the week (Monday first) holding `day`. */
export const weekOf = (day: string) => {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
};
