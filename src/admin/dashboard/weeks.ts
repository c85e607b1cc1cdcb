import { addDays, londonDay, londonLocalToUtc, mondayOf } from '../../rules/uk-time';

/**
 * The dashboard's weeks: UK weeks, Monday to Sunday, the current one last. Leads are counted by
 * the instant they arrived (epoch ms), taps by their UK day, so each week has both bounds.
 */
export interface Week {
  /** The Monday, 'YYYY-MM-DD' (UK). */
  startDay: string;
  /** The next Monday (exclusive). */
  endDay: string;
  /** Monday 00:00 UK time, and the next Monday's, as epoch ms. */
  startMs: number;
  endMs: number;
  /** '17 Nov': the Monday, for tables and charts under a "week of" heading. */
  label: string;
}

const DASHBOARD_WEEKS = 8;

const SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

const midnight = (day: string) => londonLocalToUtc(`${day}T00:00`)!.getTime();

/** The last `count` UK weeks up to and including the one `now` is in, oldest first. */
export function lastWeeks(now: number, count = DASHBOARD_WEEKS): Week[] {
  const thisMonday = mondayOf(londonDay(now));
  return Array.from({ length: count }, (_, i) => {
    const startDay = addDays(thisMonday, -7 * (count - 1 - i));
    const endDay = addDays(startDay, 7);
    return {
      startDay,
      endDay,
      startMs: midnight(startDay),
      endMs: midnight(endDay),
      label: SHORT.format(new Date(`${startDay}T00:00:00Z`)),
    };
  });
}
