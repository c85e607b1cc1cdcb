import { addDays, londonDay, pad2, ukWallClockToUtc } from './uk-time';

/**
 * How long an accounting record (an accepted quote) is kept: six years after the end of the UK tax
 * year it belongs to, as HMRC requires (the privacy notice says so). A tax year ends on 5 April, so
 * a record of 6 April 2026 to 5 April 2027 may go once 5 April 2033 has passed. Browser-safe.
 */
const ACCOUNTING_YEARS_KEPT = 6;

/**
 * The instant before which every record's six years are over: the UK midnight starting the tax
 * year (6 April) that began `ACCOUNTING_YEARS_KEPT` years before the tax year now running.
 */
export function accountingRecordsDueBefore(now: number): number {
  const today = londonDay(now);
  const year = Number(today.slice(0, 4));
  // The tax year now running began on the last 6 April on or before today.
  const runningFrom = today >= `${year}-04-06` ? year : year - 1;
  return ukWallClockToUtc(Date.UTC(runningFrom - ACCOUNTING_YEARS_KEPT, 3, 6));
}

/** A business's financial year end, as a day of a month (1 to 12); the default is 31 March. */
export interface YearEnd {
  day: number;
  month: number;
}
export const DEFAULT_YEAR_END: YearEnd = { day: 31, month: 3 };

/** The days of each month a year end may fall on (29 February: the last day of February). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
export const isYearEnd = (day: number, month: number) =>
  Number.isInteger(day) && Number.isInteger(month) && month >= 1 && month <= 12 && day >= 1 && day <= MONTH_DAYS[month - 1]!;

/** The year end in `year` as 'YYYY-MM-DD': 29 February is the 28th in a year without it. */
function yearEndIn(year: number, { day, month }: YearEnd): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad2(month)}-${pad2(Math.min(day, last))}`;
}

/**
 * The first UK day whose records are still kept ('YYYY-MM-DD'): an invoice, its credit notes and
 * its payments may go once everything about them is dated before it. A record's six years run
 * from the end of the business's financial year it falls in, so a record of a year ending
 * 31 March 2027 may go on 1 April 2033: records up to the last year end passed, less six years.
 */
export function financialRecordsKeptFrom(now: number, yearEnd: YearEnd = DEFAULT_YEAR_END): string {
  const today = londonDay(now);
  const year = Number(today.slice(0, 4));
  // The last year end that has fully passed: this year's, or last year's if it is still ahead or today.
  const thisYears = yearEndIn(year, yearEnd);
  const lastPassed = thisYears < today ? year : year - 1;
  return addDays(yearEndIn(lastPassed - ACCOUNTING_YEARS_KEPT, yearEnd), 1);
}
