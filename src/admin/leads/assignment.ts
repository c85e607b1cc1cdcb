import { assignablePeople, assigneeOf, defaultOwnerId, peopleNames } from '../../db/assignment';
import type { D1Db as Db } from '../../db/client';
import type { Lead, Person } from '../../db/schema';

/**
 * Who goes to a job (issue 37), as the office sees it on a lead's page and in the inbox: the
 * person it is given to and the people it could be given to.
 */

export interface Assignment {
  /** Everyone a job can be given to (people still here). */
  people: Pick<Person, 'id' | 'name' | 'role'>[];
  /** Whose the job is now (or would be: the owner), null only without any owner. */
  assigneeId: number | null;
  /** Their name, a removed person's too. */
  assigneeName: string;
}

/** A job's "Who goes" name: a removed person keeps it, marked, until the job is given to someone else. */
export const assigneeWords = (name: string, removed: boolean) => (removed ? `${name} (removed)` : name);

/** Who goes to this job and who could (the lead page's "Who goes"). */
export async function assignmentOf(db: Db, lead: Lead): Promise<Assignment> {
  const [people, ownerId, names] = await Promise.all([assignablePeople(db), defaultOwnerId(db), peopleNames(db)]);
  const assigneeId = assigneeOf(lead, ownerId);
  const name = assigneeId === null ? undefined : names.get(assigneeId);
  const removed = assigneeId !== null && !people.some((person) => person.id === assigneeId);
  return { people, assigneeId, assigneeName: name ? assigneeWords(name, removed) : 'Nobody yet' };
}
