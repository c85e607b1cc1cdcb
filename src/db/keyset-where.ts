import { asc, type Column, count, desc, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type CappedCount, COUNT_CAP, cappedCount, type PageStart, readsBackwards } from './keyset';
import type { Database } from './posts';

/**
 * Where a page of a list ordered newest first by a text time and a tie-breaker starts: a post's
 * date and id, a picture's upload time and key. Carried in the page links (keyset-link.ts).
 */
export interface TimeCursor<Tie extends string | number> {
  at: string;
  tie: Tie;
}

/**
 * The rows past a page's start, as `at <= x and (at < x or tie < y)` rather than a row value
 * `(at, tie) < (x, y)`: SQLite reads a range of the time index from it even where that index does
 * not hold the tie-breaker (media's key), and libSQL answers it the same way.
 */
export function pastStart<Tie extends string | number>(
  at: Column,
  tie: Column,
  start: PageStart<TimeCursor<Tie>>,
): SQL | undefined {
  if (start === null) return undefined;
  if ('before' in start) {
    const { at: x, tie: y } = start.before;
    return sql`${at} >= ${x} and (${at} > ${x} or ${tie} > ${y})`;
  }
  const { at: x, tie: y } = start.after;
  return sql`${at} <= ${x} and (${at} < ${x} or ${tie} < ${y})`;
}

/** Newest first, or oldest first for a page read back from the one after it (`keysetPage` turns it round). */
export const timeOrder = (at: Column, tie: Column, start: PageStart<unknown>): SQL[] =>
  readsBackwards(start) ? [asc(at), asc(tie)] : [desc(at), desc(tie)];

/** A table's rows counted up to COUNT_CAP ("More than 1,000"), never every row of its history. */
export async function countUpToCap(db: Database, table: SQLiteTable): Promise<CappedCount> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return cappedCount(row?.n ?? 0);
}
