import { and, count, desc, eq, exists, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { alias } from 'drizzle-orm/sqlite-core';
import { messagesForLeads } from './lead-messages';
import { photosForLeads } from './lead-photos';
import { type Lead, type LeadMessage, type LeadPhoto, leadMessages, leadPhotos, leads } from './schema';

/** The admin's view of the leads in D1 (leads never move to libSQL). */
type Db = DrizzleD1Database<Record<string, unknown>>;

export const ADMIN_LEADS_PER_PAGE = 20;

export type LeadFilter = 'all' | 'unhandled' | 'problems';

/** A lead with what hangs off it: its e-mails (the owner's first) and its photos, in order. */
export interface LeadView {
  lead: Lead;
  messages: LeadMessage[];
  photos: LeadPhoto[];
}

/** 'Not delivered': any of the lead's e-mails failed, is being retried, or was never sent. */
const undelivered = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(leadMessages)
      .where(and(eq(leadMessages.leadId, leads.id), inArray(leadMessages.status, ['failed', 'retrying', 'skipped']))),
  );

const filterWhere = (db: Db, filter: LeadFilter) =>
  filter === 'unhandled' ? isNull(leads.handledAt) : filter === 'problems' ? undelivered(db) : undefined;

/** The messages and photos of these leads, put beside each. */
export async function leadViews(db: Db, rows: readonly Lead[]): Promise<LeadView[]> {
  const ids = rows.map((lead) => lead.id);
  const [messages, photos] = await Promise.all([messagesForLeads(db, ids), photosForLeads(db, ids)]);
  return rows.map((lead) => ({
    lead,
    messages: messages.filter((message) => message.leadId === lead.id),
    photos: photos.filter((photo) => photo.leadId === lead.id),
  }));
}

/** One page of leads, newest first, and how many match the filter. */
export async function listLeadsForAdmin(db: Db, options: { page: number; filter: LeadFilter; perPage?: number }) {
  const perPage = options.perPage ?? ADMIN_LEADS_PER_PAGE;
  const where = filterWhere(db, options.filter);
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
  return { rows: await leadViews(db, rows), total: total?.n ?? 0 };
}

/** One lead with its messages and photos, or undefined. */
export async function findLeadView(db: Db, id: string): Promise<LeadView | undefined> {
  const lead = await db.select().from(leads).where(eq(leads.id, id)).get();
  return lead ? (await leadViews(db, [lead]))[0] : undefined;
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

/** Keyset cursor for the CSV export: the last row's created_at and id. */
export interface LeadCursor {
  createdAt: number;
  id: string;
}

/** A lead as the export writes it: its two e-mails (either may be missing) and how many photos. */
export interface ExportedLead {
  lead: Lead;
  owner: LeadMessage | null;
  customer: LeadMessage | null;
  photoCount: number;
}

const ownerMessage = alias(leadMessages, 'owner_message');
const customerMessage = alias(leadMessages, 'customer_message');

/** The next batch of leads for the export, newest first, after `cursor`: one statement per batch. */
export function leadsForExport(db: Db, cursor: LeadCursor | null, limit: number): Promise<ExportedLead[]> {
  const after = cursor
    ? or(lt(leads.createdAt, cursor.createdAt), and(eq(leads.createdAt, cursor.createdAt), lt(leads.id, cursor.id)))
    : undefined;
  return db
    .select({
      lead: leads,
      owner: ownerMessage,
      customer: customerMessage,
      photoCount: sql<number>`(select count(*) from ${leadPhotos} where ${leadPhotos.leadId} = ${leads.id})`,
    })
    .from(leads)
    .leftJoin(ownerMessage, and(eq(ownerMessage.leadId, leads.id), eq(ownerMessage.kind, 'owner')))
    .leftJoin(customerMessage, and(eq(customerMessage.leadId, leads.id), eq(customerMessage.kind, 'customer')))
    .where(after)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}
