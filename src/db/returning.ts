import { and, desc, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { JobStatus } from '../rules/job-status';
import type { D1Db as Db } from './client';
import { leads } from './schema';

/**
 * Customers who come back (issue 37), in D1: a lead whose match key (matchKeysOf) equals an
 * earlier lead's. Each key is an indexed column of the lead (migration 0013), so every
 * question here is a few index lookups, whatever the number of leads; and the keys go with the
 * lead's row when it is deleted or its person erased.
 */

/** A lead's three match keys as its columns keep them, each '' when the lead has none (matchKeysOf words the rules). */
export interface MatchKeys {
  matchPhone: string;
  matchEmail: string;
  matchPlace: string;
}

const KEYS = ['matchPhone', 'matchEmail', 'matchPlace'] as const satisfies readonly (keyof MatchKeys)[];
export type MatchedBy = 'phone' | 'email' | 'place';
const MATCHED_BY: Record<(typeof KEYS)[number], MatchedBy> = { matchPhone: 'phone', matchEmail: 'email', matchPlace: 'place' };

const earlier = alias(leads, 'earlier');

/** For the inbox's rows: 1 when an earlier lead shares any of this lead's keys (three index lookups). */
export const returningCustomer = sql<boolean>`(${sql.join(
  KEYS.map(
    (key) =>
      sql`(${leads[key]} <> '' and exists (select 1 from ${leads} ${earlier} where ${earlier[key]} = ${leads[key]} and ${earlier.createdAt} < ${leads.createdAt}))`,
  ),
  sql` or `,
)})`.mapWith((value) => Number(value) === 1);

/** An earlier job of the same customer, as the lead's page lists it. */
export interface EarlierJob {
  id: string;
  createdAt: number;
  kind: 'contact' | 'quote';
  service: string;
  jobStatus: JobStatus;
  jobValuePence: number | null;
  bookedDay: string | null;
  /** Which keys it shares with the lead: the same phone, e-mail, or postcode and house. */
  matchedBy: MatchedBy[];
}

/** How many earlier jobs a lead's page lists (the newest); it says when there are more. */
export const EARLIER_JOBS_SHOWN = 20;

const self = alias(leads, 'self');
const shares = (key: (typeof KEYS)[number]): SQL => and(ne(self[key], ''), eq(leads[key], self[key]))!;

/**
 * The leads before this one that share a key with it, newest first: at most EARLIER_JOBS_SHOWN
 * and whether there are more. One statement (the lead's own keys are read in it by its id), so
 * the lead's page asks for it beside the lead.
 */
export async function earlierJobsOf(db: Db, leadId: string): Promise<{ jobs: EarlierJob[]; more: boolean }> {
  const rows = await earlierJobsQuery(db, leadId);
  const jobs = rows.slice(0, EARLIER_JOBS_SHOWN).map(({ matchPhone, matchEmail, matchPlace, ...job }) => {
    const shared = { matchPhone, matchEmail, matchPlace };
    return { ...job, matchedBy: KEYS.filter((key) => shared[key] === 1).map((key) => MATCHED_BY[key]) };
  });
  return { jobs, more: rows.length > EARLIER_JOBS_SHOWN };
}

/** The statement of earlierJobsOf (its query plan is tested: the match indexes, no scan of the leads). */
export function earlierJobsQuery(db: Db, leadId: string) {
  const flag = (key: (typeof KEYS)[number]) => sql<number>`coalesce(${shares(key)}, 0)`.mapWith(Number);
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      kind: leads.kind,
      service: leads.service,
      jobStatus: leads.jobStatus,
      jobValuePence: leads.jobValuePence,
      bookedDay: leads.bookedDay,
      matchPhone: flag('matchPhone'),
      matchEmail: flag('matchEmail'),
      matchPlace: flag('matchPlace'),
    })
    .from(leads)
    .innerJoin(self, eq(self.id, leadId))
    .where(and(lt(leads.createdAt, self.createdAt), or(...KEYS.map(shares))))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(EARLIER_JOBS_SHOWN + 1);
}

/** Leads stored before their keys were (migration 0013), oldest first: what the cron keys next. */
export function unkeyedLeads(db: Db, limit: number) {
  return db
    .select({ id: leads.id, phone: leads.phone, email: leads.email, address: leads.address })
    .from(leads)
    .where(isNull(leads.matchEmail))
    .orderBy(leads.createdAt)
    .limit(limit);
}

/**
 * Writes the keys of many leads in one statement: they go as one JSON value (one bound
 * parameter, under D1's limit of 100 whatever the count), read back in SQL by json_each.
 */
export async function setMatchKeys(db: Db, keysById: Readonly<Record<string, MatchKeys>>): Promise<void> {
  if (Object.keys(keysById).length === 0) return;
  await db.run(sql`update ${leads} set
      match_phone = json_extract(k.value, '$.matchPhone'),
      match_email = json_extract(k.value, '$.matchEmail'),
      match_place = json_extract(k.value, '$.matchPlace')
    from json_each(${JSON.stringify(keysById)}) as k
    where ${leads.id} = k.key`);
}
