import { asc, eq, gte, lt } from 'drizzle-orm';
import { londonDay } from '../rules/uk-time';
import type { D1Db as Db } from './client';
import { type ErasureNotice, erasureNotice } from './schema';

/**
 * The `erasure_notice` rows: the owner's notice of an erased lead's cancellation given up, the
 * visit's day and hours only (`src/privacy/erasure-notices.ts` says what it tells).
 */

/** The most shown at once: more is a mail outage, which the first few already say. */
const SHOWN = 10;

/** The statement that stores a notice, for the give-up's batch. */
export const erasureNoticeInsert = (db: Db, notice: ErasureNotice) => db.insert(erasureNotice).values(notice);

/** The notices of visits not yet past (today's included), soonest first. */
export const noticesToShow = (db: Db, now: number) =>
  db
    .select()
    .from(erasureNotice)
    .where(gte(erasureNotice.visitDay, londonDay(now)))
    .orderBy(asc(erasureNotice.visitDay), asc(erasureNotice.visitFrom))
    .limit(SHOWN);

/** The cron's: notices whose visit's day is over. */
export const deletePastNotices = (db: Db, now: number) =>
  db.delete(erasureNotice).where(lt(erasureNotice.visitDay, londonDay(now)));

/** Marked dealt with; false when it was already gone. */
export async function dismissNotice(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(erasureNotice).where(eq(erasureNotice.id, id)).returning({ id: erasureNotice.id });
  return gone.length === 1;
}
