import { and, desc, eq, gte } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { leadEvents } from './schema';

/**
 * What the customer said from their page, read back from the lead's timeline by the e-mails that
 * depend on it: the words of their latest request, and whether they have written since a time;
 * and a question they ask about a quote, written there as their note.
 */

/** A note by the customer on the lead's timeline. */
export async function insertCustomerNote(db: Db, leadId: string, detail: string, now: number): Promise<void> {
  await db
    .insert(leadEvents)
    .values({ id: crypto.randomUUID(), leadId, createdAt: now, actor: 'customer', kind: 'note', detail });
}

/** The detail of the lead's latest timeline entry of this kind (a reason or a better time), '' when none. */
export async function latestDetailOfKind(db: Db, leadId: string, kind: 'cancel' | 'rebook'): Promise<string> {
  const event = await db
    .select({ detail: leadEvents.detail })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, kind)))
    .orderBy(desc(leadEvents.createdAt))
    .get();
  return event?.detail ?? '';
}

/** Whether the customer has a timeline entry on the lead at or after `since` (a question is an answer). */
export async function customerWroteSince(db: Db, leadId: string, since: number): Promise<boolean> {
  const note = await db
    .select({ id: leadEvents.id })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.actor, 'customer'), gte(leadEvents.createdAt, since)))
    .limit(1)
    .get();
  return note !== undefined;
}
