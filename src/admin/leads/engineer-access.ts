import type { Context } from 'hono';
import { assigneeOf, defaultOwnerId } from '../../db/assignment';
import { type D1Db as Db, d1Database } from '../../db/client';
import { findLead } from '../../db/leads';
import type { Lead } from '../../db/schema';
import type { JobStatus } from '../../rules/job-status';
import type { AdminEnv } from '../shell/render';

/**
 * What an engineer may open (issue 37): a job given to them that their schedule shows. The one
 * check behind the photos of their job (its sheet checks the same, `sheetFor`), their old job address and the photo viewer.
 */

/** The jobs an engineer may open (those their schedule shows), and the words of their booking line. */
export const ENGINEER_LINE: Partial<Record<JobStatus, string>> = {
  booked: 'Booked',
  rebook: 'The customer asked to move, a new date is coming',
  done: 'Done',
};

/** The lead when it is a job given to this engineer that their schedule shows (booked, to rebook or done), else null. */
export async function engineersJob(db: Db, id: string, personId: number): Promise<Lead | null> {
  const [lead, ownerId] = await Promise.all([findLead(db, id), defaultOwnerId(db)]);
  const theirs = lead && ENGINEER_LINE[lead.jobStatus] && lead.bookedDay && assigneeOf(lead, ownerId) === personId;
  return theirs ? lead : null;
}

/** Whether the signed-in person may see this lead's photos: staff always, an engineer only for their own job. */
export async function mayShowPhotosOf(c: Context<AdminEnv>, id: string): Promise<boolean> {
  if (c.var.person.role !== 'engineer') return true;
  return (await engineersJob(d1Database(c.env), id, c.var.person.id)) !== null;
}
