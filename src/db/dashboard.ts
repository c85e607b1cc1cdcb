import { and, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { LeadSource } from '../rules/lead-source';
import type { TapChannel } from '../rules/tap-channels';
import type { D1Db as Db } from './client';
import { leadWeekCounts, tapWeekCounts } from './schema';

/**
 * The owner's dashboard, counted in D1: leads and taps per week, split by what the dashboard
 * shows (form, source, landing page; channel, page), and what the leads became, all from the
 * weekly counts triggers keep (a few hundred rows for eight weeks, whatever the years behind).
 * The weeks are given by the caller (UK weeks, `lastWeeks`: at least one), oldest first; a row's
 * `week` is its index in that list. Each reader is one statement, returned unrun, so the dashboard
 * can send them to D1 together in one batch (`db.batch`) or await one alone.
 */

export interface WeekBounds {
  startMs: number;
  endMs: number;
  startDay: string;
  endDay: string;
}

export interface LeadCountRow {
  week: number;
  kind: 'contact' | 'quote';
  /** null for leads stored before attribution was recorded. */
  source: LeadSource | null;
  /** The landing page: the page before the form, else the form page itself; null when unknown. */
  landing: string | null;
  count: number;
}

export interface TapCountRow {
  week: number;
  page: string;
  channel: TapChannel;
  count: number;
}

/** CASE … END giving each row its week's index, newest week first (the cheapest test wins). */
function weekIndex(weeks: readonly WeekBounds[], starts: (week: WeekBounds) => SQL): SQL<number> {
  const cases = weeks.map((week, i) => sql`when ${starts(week)} then ${i}`).reverse();
  return sql<number>`case ${sql.join(cases, sql` `)} end`.mapWith(Number);
}

/** '' in lead_week_counts: not recorded. */
const orNull = <T extends string>(column: SQL) => sql<T | null>`nullif(${column}, '')`;

/** From the weekly counts the triggers on leads keep (0027): a row per week, form, source and landing page. */
export function leadCountsByWeek(db: Db, weeks: readonly WeekBounds[]) {
  const week = weekIndex(weeks, (w) => sql`${leadWeekCounts.week} >= ${w.startDay}`);
  return db
    .select({
      week,
      kind: leadWeekCounts.kind,
      source: orNull<LeadSource>(sql`${leadWeekCounts.source}`),
      landing: orNull(sql`${leadWeekCounts.landing}`),
      count: leadWeekCounts.leads,
    })
    .from(leadWeekCounts)
    .where(and(inWeeks(weeks), gt(leadWeekCounts.leads, 0)));
}

/** The rows of these weeks: a range of the counts' key. */
const inWeeks = (weeks: readonly WeekBounds[]) =>
  and(gte(leadWeekCounts.week, weeks[0]!.startDay), lt(leadWeekCounts.week, weeks.at(-1)!.endDay));

export interface JobsBySourceRow {
  source: LeadSource | null;
  leads: number;
  /** Leads that were booked at some time (still booked, asked to move, cancelled, done, or booked and then lost). */
  booked: number;
  /** The value of the jobs done, in pence. */
  valuePence: number;
}

/** Per source, the leads that arrived in these weeks, how many became booked jobs and what the jobs done were worth. */
export function jobsBySource(db: Db, weeks: readonly WeekBounds[]) {
  const leadsOf = sql<number>`sum(${leadWeekCounts.leads})`.mapWith(Number);
  return db
    .select({
      source: orNull<LeadSource>(sql`${leadWeekCounts.source}`),
      leads: leadsOf,
      booked: sql<number>`sum(${leadWeekCounts.booked})`.mapWith(Number),
      valuePence: sql<number>`sum(${leadWeekCounts.doneValuePence})`.mapWith(Number),
    })
    .from(leadWeekCounts)
    .where(inWeeks(weeks))
    .groupBy(leadWeekCounts.source)
    .having(gt(leadsOf, 0));
}

/** From the weekly counts the triggers on tap_counts keep (0024): a row per week, page and channel. */
export function tapCountsByWeek(db: Db, weeks: readonly WeekBounds[]) {
  const week = weekIndex(weeks, (w) => sql`${tapWeekCounts.week} >= ${w.startDay}`);
  return db
    .select({ week, page: tapWeekCounts.page, channel: tapWeekCounts.channel, count: tapWeekCounts.count })
    .from(tapWeekCounts)
    .where(and(gte(tapWeekCounts.week, weeks[0]!.startDay), lt(tapWeekCounts.week, weeks.at(-1)!.endDay)));
}
