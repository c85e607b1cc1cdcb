import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ON_THE_DAY } from '../rules/job-status';
import { type LeadListItem, leadListItems } from './admin-leads';
import type { D1Db as Db } from './client';
import { leadCounts, leads } from './schema';

/** What the owner should do now (the dashboard's first screen). */

/** How many leads have this status: the count kept beside the leads (lead_counts), not every lead counted. */
export const countWithStatus = (db: Db, status: 'new' | 'rebook') =>
  db
    .select({ n: sql<number>`coalesce(sum(${leadCounts.n}), 0)`.mapWith(Number) })
    .from(leadCounts)
    .where(eq(leadCounts.jobStatus, status));

/**
 * Leads not yet contacted: "as soon as possible" first, then newest first (how many:
 * `countWithStatus(db, 'new')`). Two reads of at most `limit` rows off the (job_status, best_time,
 * created_at) index, the 'asap' ones and the others, rather than every waiting lead sorted.
 */
export async function leadsToContact(db: Db, limit: number): Promise<LeadListItem[]> {
  const newestFirst = [desc(leads.createdAt), desc(leads.id)];
  const asap = and(eq(leads.jobStatus, 'new'), eq(leads.bestTime, 'asap'));
  const others = and(eq(leads.jobStatus, 'new'), ne(leads.bestTime, 'asap'));
  const [asapRows, otherRows] = await Promise.all([
    leadListItems(db, asap, limit, newestFirst),
    leadListItems(db, others, limit, newestFirst),
  ]);
  return [...asapRows, ...otherRows].slice(0, limit);
}

/** Visits on these UK days, in order of day and arrival: booked, or asked to rebook (not yet moved); never cancelled. */
export function bookingsOn(db: Db, days: readonly string[]) {
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.jobStatus, [...ON_THE_DAY]), inArray(leads.bookedDay, [...days])))
    .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom));
}

/**
 * Jobs whose customer asked for a new time, whatever the visit's day (it may be next week): the
 * soonest first, at most `limit`, read down the (job_status, booked_day) index (how many:
 * `countWithStatus(db, 'rebook')`).
 */
export function rebooksAsked(db: Db, limit: number) {
  return db
    .select()
    .from(leads)
    .where(eq(leads.jobStatus, 'rebook'))
    .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom))
    .limit(limit);
}
