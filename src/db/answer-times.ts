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
 * customer's own requests, not the system's). Null while it has had none. The week is the lead's arrival week (an index into `weeks`).
 */
export async function answerTimesByWeek(db: Db, weeks: readonly WeekBounds[]): Promise<AnswerTimeRow[]> {
  if (weeks.length === 0) return [];
  const cases = weeks.map((w, i) => sql`when ${leads.createdAt} >= ${w.startMs} then ${i}`).reverse();
  const week = sql<number>`case ${sql.join(cases, sql` `)} end`.mapWith(Number);
  // Written out with table names: drizzle leaves columns unqualified here, and lead_events has an id too.
  const firstAnswer = sql<number | null>`(select min(e.created_at) from lead_events e
    where e.lead_id = leads.id and e.kind in ('status', 'called') and e.actor not in ('customer', 'system'))`;
  const rows = await db
    .select({ week, createdAt: leads.createdAt, firstAnswer })
    .from(leads)
    .where(and(gte(leads.createdAt, weeks[0]!.startMs), lt(leads.createdAt, weeks.at(-1)!.endMs)))
    .limit(MAX_ROWS);
  return rows.map((row) => ({
    week: row.week,
    waitMs: row.firstAnswer === null ? null : Math.max(0, Number(row.firstAnswer) - row.createdAt),
  }));
}
