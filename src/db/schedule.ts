import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { JobStatus } from '../rules/job-status';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type Lead, type LeadEvent, leadEvents, leads } from './schema';

/**
 * The schedule's jobs: leads booked for a day in [fromDay, toDay] (UK dates, inclusive), still
 * booked or already done, in order of day and arrival. A week holds a few dozen at most; the cap
 * keeps a page bounded whatever the data. `whose` narrows them to one person's (`assignedTo`).
 */
const SCHEDULE_CAP = 500;

export function jobsBetween(
  db: Db,
  fromDay: string,
  toDay: string,
  statuses: readonly JobStatus[] = ['booked', 'done'],
  whose?: SQL,
): Promise<Lead[]> {
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.jobStatus, [...statuses]), gte(leads.bookedDay, fromDay), lte(leads.bookedDay, toDay), whose))
    .orderBy(asc(leads.bookedDay), asc(leads.bookedFrom), asc(leads.id))
    .limit(SCHEDULE_CAP);
}

/** The schedule shows too the visits a customer asked to move: on their old day, marked as needing a new date. */
export const SCHEDULE_STATUSES: readonly JobStatus[] = ['booked', 'rebook', 'done'];

/** The owner's notes on these leads (a day's run sheet), oldest first, by lead id. */
export async function notesOf(db: Db, leadIds: readonly string[]): Promise<Record<string, string[]>> {
  const found: Pick<LeadEvent, 'leadId' | 'detail' | 'createdAt'>[] = [];
  for (const ids of chunksOf([...new Set(leadIds)])) {
    found.push(
      ...(await db
        .select({ leadId: leadEvents.leadId, detail: leadEvents.detail, createdAt: leadEvents.createdAt })
        .from(leadEvents)
        .where(and(inArray(leadEvents.leadId, ids), eq(leadEvents.kind, 'note')))),
    );
  }
  const notes: Record<string, string[]> = {};
  for (const note of found.sort((a, b) => a.createdAt - b.createdAt)) {
    notes[note.leadId] = [...(notes[note.leadId] ?? []), note.detail];
  }
  return notes;
}
