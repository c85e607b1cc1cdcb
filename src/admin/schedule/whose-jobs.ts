import type { Context } from 'hono';
import { assignedTo, assigneeOf, defaultOwnerId, peopleNames } from '../../db/assignment';
import { d1Database } from '../../db/client';
import { jobsBetween, SCHEDULE_STATUSES } from '../../db/schedule';
import type { Lead } from '../../db/schema';
import type { AdminEnv } from '../shell/render';

/**
 * The schedule's jobs for the signed-in person (issue 37): an engineer sees only the jobs given
 * to them; the office and the owner see everyone's, each with who goes.
 */
export async function scheduleJobs(
  c: Context<AdminEnv>,
  fromDay: string,
  toDay: string,
): Promise<{ jobs: Lead[]; whoGoes?: ReadonlyMap<string, string> }> {
  const db = d1Database(c.env);
  const ownerId = await defaultOwnerId(db);
  const person = c.var.person;
  if (person.role === 'engineer') {
    return { jobs: await jobsBetween(db, fromDay, toDay, SCHEDULE_STATUSES, assignedTo(person.id, ownerId)) };
  }
  const [jobs, names] = await Promise.all([jobsBetween(db, fromDay, toDay, SCHEDULE_STATUSES), peopleNames(db)]);
  const whoGoes = new Map<string, string>();
  for (const lead of jobs) {
    const id = assigneeOf(lead, ownerId);
    const name = id === null ? undefined : names.get(id);
    if (name) whoGoes.set(lead.id, name);
  }
  return { jobs, whoGoes };
}
