import { londonDay, ukWallClockToUtc } from './uk-time';

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
