import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { type Lead, leads, type NewLead } from './schema';

/** The lead outbox in D1: plain functions taking the database first. */
type Db = DrizzleD1Database<Record<string, unknown>>;

/** Where the lead came from (src/leads/attribution.ts); absent on leads stored without it. */
type AttributionColumns =
  | 'formPage'
  | 'previousPage'
  | 'referrerOrigin'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'utmTerm'
  | 'utmContent'
  | 'gclid'
  | 'source';

export type NewLeadFields = Pick<NewLead, 'kind' | 'name' | 'email' | 'phone' | 'address' | 'service' | 'message'> &
  Partial<Pick<NewLead, AttributionColumns>>;

/**
 * Stores a lead. `status` is 'pending' when an e-mail will be tried (`nextAttemptAt` is then the
 * end of the request's own lease: if that first try never finishes, the cron takes over), or
 * 'skipped' when no mail key is configured.
 */
export async function insertLead(
  db: Db,
  fields: NewLeadFields,
  options: { id: string; now: number; status: 'pending' | 'skipped'; nextAttemptAt: number | null },
): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({
      ...fields,
      id: options.id,
      status: options.status,
      attempts: 0,
      nextAttemptAt: options.nextAttemptAt,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findLead(db: Db, id: string): Promise<Lead | undefined> {
  return db.select().from(leads).where(eq(leads.id, id)).get();
}

/** Leads whose e-mail is due: never tried after a lost request, or waiting to retry. */
export async function listDueLeads(db: Db, now: number, limit: number): Promise<Lead[]> {
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.status, ['pending', 'retrying']), isNotNull(leads.nextAttemptAt), lte(leads.nextAttemptAt, now)))
    .orderBy(asc(leads.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes a due lead for one send attempt by moving its next attempt past `leaseUntil`. Only one
 * of two overlapping cron runs can win the row, so a lead is not e-mailed twice.
 */
export async function claimLead(db: Db, lead: Lead, now: number, leaseUntil: number): Promise<boolean> {
  if (lead.nextAttemptAt === null) return false;
  const claimed = await db
    .update(leads)
    .set({ nextAttemptAt: leaseUntil, updatedAt: now })
    .where(
      and(
        eq(leads.id, lead.id),
        inArray(leads.status, ['pending', 'retrying']),
        eq(leads.nextAttemptAt, lead.nextAttemptAt),
        lte(leads.nextAttemptAt, now),
      ),
    )
    .returning({ id: leads.id });
  return claimed.length === 1;
}

export type SendOutcome =
  | { status: 'sent' }
  | { status: 'retrying'; error: string; nextAttemptAt: number }
  | { status: 'failed'; error: string };

export async function recordSendOutcome(db: Db, id: string, attempts: number, outcome: SendOutcome, now: number) {
  await db
    .update(leads)
    .set({
      status: outcome.status,
      attempts,
      lastError: outcome.status === 'sent' ? null : outcome.error.slice(0, 500),
      nextAttemptAt: outcome.status === 'retrying' ? outcome.nextAttemptAt : null,
      sentAt: outcome.status === 'sent' ? now : null,
      updatedAt: now,
    })
    .where(eq(leads.id, id));
}
