import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { type Lead, leads } from './schema';

/** The admin's view of the lead outbox in D1 (leads never move to libSQL). */
type Db = DrizzleD1Database<Record<string, unknown>>;

export const ADMIN_LEADS_PER_PAGE = 20;

/** Statuses the owner may send again by hand: the outbox has given up on them or never tried. */
export const RESENDABLE = ['failed', 'skipped'] as const;

export type LeadFilter = 'all' | 'unhandled' | 'problems';

const filterWhere = (filter: LeadFilter) =>
  filter === 'unhandled'
    ? isNull(leads.handledAt)
    : filter === 'problems'
      ? inArray(leads.status, ['failed', 'retrying', 'skipped'])
      : undefined;

/** One page of leads, newest first, and how many match the filter. */
export async function listLeadsForAdmin(db: Db, options: { page: number; filter: LeadFilter; perPage?: number }) {
  const perPage = options.perPage ?? ADMIN_LEADS_PER_PAGE;
  const where = filterWhere(options.filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(perPage)
      .offset((options.page - 1) * perPage),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Sets or clears handled_at. Returns false when no such lead exists. */
export async function setLeadHandled(db: Db, id: string, handled: boolean, now: number): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ handledAt: handled ? now : null, updatedAt: now })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length === 1;
}

/**
 * Takes a failed or skipped lead for one send attempt now: it becomes 'pending' with a lease, as
 * a new lead is during its first try, so the cron leaves it alone until the lease ends (and
 * takes it over if this attempt never records an outcome). Two clicks cannot both win it.
 */
export async function claimLeadForResend(db: Db, id: string, now: number, leaseUntil: number): Promise<Lead | undefined> {
  const [row] = await db
    .update(leads)
    .set({ status: 'pending', nextAttemptAt: leaseUntil, updatedAt: now })
    .where(and(eq(leads.id, id), inArray(leads.status, [...RESENDABLE])))
    .returning();
  return row;
}

/** Keyset cursor for the CSV export: the last row's created_at and id. */
export interface LeadCursor {
  createdAt: number;
  id: string;
}

/** The next batch of leads for the export, newest first, after `cursor`. */
export function leadsForExport(db: Db, cursor: LeadCursor | null, limit: number): Promise<Lead[]> {
  const after = cursor
    ? or(lt(leads.createdAt, cursor.createdAt), and(eq(leads.createdAt, cursor.createdAt), lt(leads.id, cursor.id)))
    : undefined;
  return db.select().from(leads).where(after).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
}
