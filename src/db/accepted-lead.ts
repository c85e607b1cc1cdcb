import { and, eq, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { leadEvents, leads, quotes } from './schema';

/** The words on the timeline when an acceptance moves a new lead on (`acceptedLeadMovesOn`). */
export const MOVED_ON_BY_ACCEPTANCE = 'Moved on from New: the customer accepted the quote';

/**
 * A customer who accepted a quote has been in touch: a lead still new becomes contacted in the
 * acceptance's batch, so it leaves the owner's "Not contacted yet". As a change of state it sets
 * the lead's `state_change` and writes its timeline entry under that id (a form read before it is
 * told what happened, as after any change); a lead past new is left as it is.
 */
export function acceptedLeadMovesOn(db: Db, id: string, write: string, now: number) {
  const change = crypto.randomUUID();
  const lead = sql`(select ${quotes.leadId} from ${quotes} where ${quotes.id} = ${id} and ${quotes.lastWrite} = ${write})`;
  const moved = sql`exists (select 1 from ${leads} where ${leads.id} = ${lead} and ${leads.stateChange} = ${change})`;
  return [
    db
      .update(leads)
      .set({ jobStatus: 'contacted', stateChange: change, updatedAt: now })
      .where(and(sql`${leads.id} = ${lead}`, eq(leads.jobStatus, 'new'))),
    db.insert(leadEvents).select(
      rowWhere(
        leadEvents,
        {
          id: change,
          leadId: lead,
          createdAt: now,
          actor: 'customer',
          kind: 'status',
          status: 'contacted',
          detail: MOVED_ON_BY_ACCEPTANCE,
        },
        moved,
      ),
    ),
  ];
}
