import { and, gte, lt, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import type { WeekBounds } from './dashboard';
import { leads } from './schema';

/** More leads than an 8-week dashboard will meet; a ceiling so one query never reads without end. */
const MAX_ROWS = 5000;

export interface AnswerTimeRow {
  week: number;
  waitMs: number | null;
}

/**
 * How long each lead of these weeks waited for an answer: from its arrival to its first status
 * change or call tap (the lead page's Call or WhatsApp button) by someone in the admin (not the
 * customer's own requests, not the system's), which a trigger keeps on the lead (`firstAnsweredAt`).
 * Null while it has had none. The week is the lead's arrival week (an index into `weeks`, at least
 * one). One entry of the (created_at, id, first_answered_at) index a lead, never the lead's row or
 * timeline. The statement unrun (for the dashboard's batch); `answerTimesOf` turns its rows into waits.
 */
export function answerTimesQuery(db: Db, weeks: readonly WeekBounds[]) {
  const cases = weeks.map((w, i) => sql`when ${leads.createdAt} >= ${w.startMs} then ${i}`).reverse();
  const week = sql<number>`case ${sql.join(cases, sql` `)} end`.mapWith(Number);
  return db
    .select({ week, createdAt: leads.createdAt, firstAnswer: leads.firstAnsweredAt })
    .from(leads)
    .where(and(gte(leads.createdAt, weeks[0]!.startMs), lt(leads.createdAt, weeks.at(-1)!.endMs)))
    .limit(MAX_ROWS);
}

export const answerTimesOf = (
  rows: readonly { week: number; createdAt: number; firstAnswer: number | null }[],
): AnswerTimeRow[] =>
  rows.map((row) => ({
    week: row.week,
    waitMs: row.firstAnswer === null ? null : Math.max(0, row.firstAnswer - row.createdAt),
  }));

/** The same, run alone. */
export const answerTimesByWeek = async (db: Db, weeks: readonly WeekBounds[]) => answerTimesOf(await answerTimesQuery(db, weeks));
