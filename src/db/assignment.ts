import { and, asc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
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

const otherJob = alias(leads, 'other_job');

/**
 * A condition a write must meet in its own statement, made here and handed back to a write here
 * (`JobChange['guard']`): callers outside src/db carry it without reading it.
 */
export type WriteGuard = SQL;

/**
 * The condition a job given to `personId` (booked for `day`, `from`-`to`) must meet in the very
 * statement that writes it: the person is still here and, unless the owner chose to go on
 * (`overlapAllowed`), has no other booked job overlapping that window. Checked apart from the
 * write, two jobs given to one person at once would both pass (issue 47).
 */
export function assigneeFreeSql(
  query: { personId: number; ownerId: number | null; day: string; from: string; to: string; leadId: string },
  overlapAllowed: boolean,
): WriteGuard {
  const present = sql`exists (select 1 from ${people} where ${people.id} = ${query.personId} and ${people.removedAt} is null)`;
  if (overlapAllowed) return present;
  const theirs =
    query.personId === query.ownerId
      ? sql`(${otherJob.assignedTo} = ${query.personId} or ${otherJob.assignedTo} is null)`
      : sql`${otherJob.assignedTo} = ${query.personId}`;
  return sql`${present} and not exists (select 1 from ${leads} ${otherJob} where ${otherJob.jobStatus} = 'booked'
    and ${otherJob.bookedDay} = ${query.day} and ${theirs} and ${otherJob.id} <> ${query.leadId}
    and ${otherJob.bookedFrom} < ${query.to} and ${otherJob.bookedTo} > ${query.from})`;
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
