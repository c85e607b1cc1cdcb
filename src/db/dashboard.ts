import { and, count, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { LeadSource } from '../rules/lead-source';
import type { TapChannel } from '../rules/tap-channels';
import type { D1Db as Db } from './client';
import { leads, tapWeekCounts } from './schema';

/**
 * The owner's dashboard, counted in D1: leads and taps per week, split by what the dashboard
 * shows (form, source, landing page; channel, page). The weeks are given by the caller (UK weeks,
 * `lastWeeks`), oldest first; a row's `week` is its index in that list.
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

export async function leadCountsByWeek(db: Db, weeks: readonly WeekBounds[]): Promise<LeadCountRow[]> {
  if (weeks.length === 0) return [];
  const week = weekIndex(weeks, (w) => sql`${leads.createdAt} >= ${w.startMs}`);
  const landing = sql<string | null>`coalesce(${leads.previousPage}, ${leads.formPage})`;
  return db
    .select({ week, kind: leads.kind, source: leads.source, landing, count: count() })
    .from(leads)
    .where(and(gte(leads.createdAt, weeks[0]!.startMs), lt(leads.createdAt, weeks.at(-1)!.endMs)))
    .groupBy(week, leads.kind, leads.source, landing);
}

/** From the weekly counts the triggers on tap_counts keep (0024): a row per week, page and channel. */
export async function tapCountsByWeek(db: Db, weeks: readonly WeekBounds[]): Promise<TapCountRow[]> {
  if (weeks.length === 0) return [];
  const week = weekIndex(weeks, (w) => sql`${tapWeekCounts.week} >= ${w.startDay}`);
  return db
    .select({ week, page: tapWeekCounts.page, channel: tapWeekCounts.channel, count: tapWeekCounts.count })
    .from(tapWeekCounts)
    .where(and(gte(tapWeekCounts.week, weeks[0]!.startDay), lt(tapWeekCounts.week, weeks.at(-1)!.endDay)));
}
