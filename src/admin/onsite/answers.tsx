import type { Context } from 'hono';
import { assigneeOf, defaultOwnerId } from '../../db/assignment';
import type { D1Db } from '../../db/client';
import { findLead } from '../../db/leads';
import type { Lead } from '../../db/schema';
import { NO_STORE } from '../../http/cache-control';
import { ENGINEER_LINE } from '../leads/engineer-access';
import { jobPath } from '../leads/paths';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin } from '../shell/render';

/**
 * How the on-site routes answer (the contract in `siteRoutes`' comment): JSON to the phone's
 * queue (`Accept: application/json`), a page to a plain form; and who may add to a job.
 */

export const MOVED_MESSAGE = 'This job was given to someone else. What you sent before is kept.';
const CLOSED_MESSAGE = 'This job is no longer on your schedule. What you sent before is kept.';

export type Refusal = { ok: false; status: 400 | 403 | 404 | 409 | 413 | 422; message: string };

const wantsJson = (c: Context<AdminEnv>) => (c.req.header('Accept') ?? '').includes('application/json');

/** Stored, or already stored (the same item again, or a tap already made): both a success, back on the job sheet. */
export function answerStored(c: Context<AdminEnv>, leadId: string, stored: boolean, notice: 'saved' | 'undone' = 'saved') {
  if (wantsJson(c)) {
    const body = notice === 'undone' ? { undone: stored } : stored ? { stored: true } : { stored: false, duplicate: true };
    return c.json(body, 200, { 'Cache-Control': NO_STORE });
  }
  return c.redirect(`${jobPath(leadId)}?${notice}=1#on-site`, 303);
}

export function answerRefused(c: Context<AdminEnv>, refusal: Refusal) {
  if (wantsJson(c)) return c.json({ message: refusal.message }, refusal.status, { 'Cache-Control': NO_STORE });
  return renderAdmin(
    <MessagePage heading="Not saved">
      <p>{refusal.message}</p>
      <p>Go back to the job and try again.</p>
    </MessagePage>,
    { title: 'Not saved' },
    refusal.status,
  );
}

/**
 * The job when this person may add to it: the owner and office always (while it exists); an
 * engineer only while it is given to them and on their schedule. A job moved to someone else
 * refuses their new items, with words that say so; what they sent before stays.
 */
export async function jobToAddTo(
  db: D1Db,
  leadId: string,
  person: { id: number; role: string },
): Promise<{ ok: true; lead: Lead } | Refusal> {
  const [lead, ownerId] = await Promise.all([findLead(db, leadId), defaultOwnerId(db)]);
  if (!lead) return { ok: false, status: 404, message: 'That job no longer exists.' };
  if (person.role !== 'engineer') return { ok: true, lead };
  if (assigneeOf(lead, ownerId) !== person.id) return { ok: false, status: 409, message: MOVED_MESSAGE };
  if (!ENGINEER_LINE[lead.jobStatus] || !lead.bookedDay) return { ok: false, status: 409, message: CLOSED_MESSAGE };
  return { ok: true, lead };
}
