import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ON_THE_DAY } from '../rules/job-status';
import { type LeadListItem, leadListItems } from './admin-leads';
import type { D1Db as Db } from './client';
import { type Lead, leadCounts, leads } from './schema';

/** What the owner should do now (the dashboard's first screen). */

/**
 * Leads not yet contacted: "as soon as possible" first, then newest first; and how many there are.
 * Two reads of at most `limit` rows off the (job_status, best_time, created_at) index, the 'asap'
 * ones and the others, rather than every waiting lead sorted.
 */
export async function leadsToContact(db: Db, limit: number): Promise<{ rows: LeadListItem[]; total: number }> {
  const newestFirst = [desc(leads.createdAt), desc(leads.id)];
  const asap = and(eq(leads.jobStatus, 'new'), eq(leads.bestTime, 'asap'));
  const others = and(eq(leads.jobStatus, 'new'), ne(leads.bestTime, 'asap'));
  // How many: the count kept beside the leads (lead_counts), not every waiting lead counted.
  const [asapRows, otherRows, [total]] = await Promise.all([
    leadListItems(db, asap, limit, newestFirst),
    leadListItems(db, others, limit, newestFirst),
    db
      .select({ n: sql<number>`coalesce(sum(${leadCounts.n}), 0)`.mapWith(Number) })
      .from(leadCounts)
      .where(eq(leadCounts.jobStatus, 'new')),
  ]);
  return { rows: [...asapRows, ...otherRows].slice(0, limit), total: total?.n ?? 0 };
}

/** Visits on these UK days, in order of day and arrival: booked, or asked to rebook (not yet moved); never cancelled. */
export function bookingsOn(db: Db, days: readonly string[]): Promise<Lead[]> {
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.jobStatus, [...ON_THE_DAY]), inArray(leads.bookedDay, [...days])))
    .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom));
}

/**
 * Jobs whose customer asked for a new time, whatever the visit's day (it may be next week): the
 * soonest first, at most `limit`, read down the (job_status, booked_day) index; and how many, from
 * the count kept beside the leads.
 */
export async function rebooksAsked(db: Db, limit: number): Promise<{ rows: Lead[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(eq(leads.jobStatus, 'rebook'))
      .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom))
      .limit(limit),
    db
      .select({ n: sql<number>`coalesce(sum(${leadCounts.n}), 0)`.mapWith(Number) })
      .from(leadCounts)
      .where(eq(leadCounts.jobStatus, 'rebook')),
  ]);
  return { rows, total: total?.n ?? 0 };
}
