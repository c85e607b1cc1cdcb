import { and, asc, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type Lead, leads } from './schema';

/**
 * The schedule's jobs: leads booked for a day in [fromDay, toDay] (UK dates, inclusive), still
 * booked or already done, in order of day and arrival. A week holds a few dozen at most; the cap
 * keeps a page bounded whatever the data. `whose` narrows them to one person's (src/db/assignment.ts).
 */
export const SCHEDULE_CAP = 500;

export function jobsBetween(db: Db, fromDay: string, toDay: string, whose?: SQL): Promise<Lead[]> {
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.jobStatus, ['booked', 'done']), gte(leads.bookedDay, fromDay), lte(leads.bookedDay, toDay), whose))
    .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom), asc(leads.id))
    .limit(SCHEDULE_CAP);
}
