import { and, asc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { D1Db as Db } from './client';
import { type Lead, leads, type Person, people } from './schema';

/**
 * Who goes to a booked job (issue 37): `leads.assigned_to`, a person's id, or null for "the
 * owner": the first owner still here (jobs booked before migration 0011, or written without one).
 * Everything that asks "whose job is this?" asks here, so the schedule, the feed, the overlap
 * warning and an engineer's access agree.
 */

/** The people a job can be given to: everyone still here, in the People page's order. */
export const assignablePeople = (db: Db): Promise<Pick<Person, 'id' | 'name' | 'role'>[]> =>
  db
    .select({ id: people.id, name: people.name, role: people.role })
    .from(people)
    .where(isNull(people.removedAt))
    .orderBy(asc(people.id));

/** Everyone's name by id, the removed too (a job of someone removed still names them). */
export async function peopleNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: people.id, name: people.name }).from(people).orderBy(asc(people.id));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The owner an unassigned job belongs to: the first owner still here (none only in a broken database). */
export async function defaultOwnerId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.role, 'owner'), isNull(people.removedAt)))
    .orderBy(asc(people.id))
    .limit(1);
  return row?.id ?? null;
}

const firstOwner = alias(people, 'first_owner');

/** defaultOwnerId() inside a statement: one uncorrelated subquery, which SQLite reads once. */
const defaultOwnerIdSql = sql`(select ${firstOwner.id} from ${people} ${firstOwner} where ${firstOwner.role} = 'owner' and ${firstOwner.removedAt} is null order by ${firstOwner.id} limit 1)`;

/** assigneeOf() inside a statement: whose job each lead of the statement is. */
export const assigneeSql = sql`coalesce(${leads.assignedTo}, ${defaultOwnerIdSql})`;

/** Whose job a lead is. */
export const assigneeOf = (lead: Pick<Lead, 'assignedTo'>, ownerId: number | null) => lead.assignedTo ?? ownerId;

/** The condition "this job is `personId`'s": their own, and for the default owner the unassigned too. */
export function assignedTo(personId: number, ownerId: number | null): SQL {
  return personId === ownerId ? or(eq(leads.assignedTo, personId), isNull(leads.assignedTo))! : eq(leads.assignedTo, personId);
}

/**
 * The first booked job of the same person that overlaps the window on that day (another lead:
 * a job never clashes with itself). Windows that only touch (10:00-12:00 and 12:00-14:00) do not.
 */
export function clashingJob(
  db: Db,
  query: { personId: number; ownerId: number | null; day: string; from: string; to: string; leadId: string },
): Promise<Lead | undefined> {
  return db
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.jobStatus, 'booked'),
        eq(leads.bookedDay, query.day),
        assignedTo(query.personId, query.ownerId),
        ne(leads.id, query.leadId),
        lt(leads.bookedFrom, query.to),
        gt(leads.bookedTo, query.from),
      ),
    )
    .orderBy(asc(leads.bookedFrom), asc(leads.id))
    .get();
}

/**
 * Gives a booked (or done) job to a present person, in one statement that takes only if the job
 * is still booked or done and the person still here. Returns false when it did not take.
 */
export async function assignJob(db: Db, leadId: string, personId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ assignedTo: personId, updatedAt: now })
    .where(
      and(
        eq(leads.id, leadId),
        inArray(leads.jobStatus, ['booked', 'done']),
        sql`exists (select 1 from ${people} where ${people.id} = ${personId} and ${people.removedAt} is null)`,
      ),
    )
    .returning({ id: leads.id });
  return rows.length === 1;
}

/**
 * Removing a person hands their booked jobs to the owner who removed them, in the same batch as
 * the removal (`peopleRoutes`): a visit still to be made never stays with someone who
 * is gone, out of every schedule and feed. Done jobs keep their name: who did the work.
 */
export const handOverBookedJobs = (db: Db, fromId: number, toId: number, now: number) =>
  db
    .update(leads)
    .set({ assignedTo: toId, updatedAt: now })
    .where(and(eq(leads.assignedTo, fromId), eq(leads.jobStatus, 'booked')))
    .returning({ id: leads.id });
