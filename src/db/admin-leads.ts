import { and, count, desc, eq, exists, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { JobStatus } from '../rules/job-status';
import { phoneDigits, phoneDigitVariants } from '../rules/phone';
import { assigneeSql } from './assignment';
import type { D1Db as Db } from './client';
import { messagesForLeads } from './lead-messages';
import { photosForLeads } from './lead-photos';
import { returningCustomer } from './returning';
import { type Lead, type LeadMessage, type LeadPhoto, leadMessages, leadPhotos, leads, people } from './schema';
import { storedPhoneDigits } from './stored-phone';

/** The admin's view of the leads in D1 (leads never move to libSQL). */

export const ADMIN_LEADS_PER_PAGE = 20;

/** The inbox's filters and search (`leadQueryOf` reads them from the URL). */
export interface LeadListFilter {
  status: JobStatus | 'all' | 'undelivered';
  form: 'all' | 'contact' | 'quote';
  q: string;
}

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

/**
 * The column contains the text, ASCII case ignored (as LIKE would). instr(), not LIKE: D1 refuses
 * a LIKE pattern over 50 bytes, and a sentence pasted from a message is longer (decision
 * docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md); instr() has no such limit and no wildcards to escape.
 */
const contains = (column: SQL | SQLiteColumn, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

/**
 * The search: name, e-mail, address and message contain the text (ASCII case ignored); the
 * address with its spaces taken out contains the text without them (a postcode however spaced);
 * and a text with 7 or more digits is also a phone number, matched as the privacy search matches
 * it (any spacing, the +44 form).
 */
function searchWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  const squeezed = q.replace(/\s+/g, '');
  const matches: (SQL | undefined)[] = [
    contains(leads.name, q),
    contains(leads.email, q),
    contains(leads.message, q),
    contains(sql`replace(${leads.address}, ' ', '')`, squeezed),
  ];
  if (phoneDigits(q).length >= 7) {
    matches.push(sql`${leads.phone} <> '' and ${storedPhoneDigits} in ${phoneDigitVariants(q)}`);
  }
  return or(...matches);
}

export function listWhere(db: Db, filter: LeadListFilter): SQL | undefined {
  return and(
    filter.status === 'undelivered' ? undelivered(db) : filter.status === 'all' ? undefined : eq(leads.jobStatus, filter.status),
    filter.form === 'all' ? undefined : eq(leads.kind, filter.form),
    searchWhere(filter.q),
  );
}

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

/**
 * A lead as the inbox lists it: the lead, how many photos it has, whether an earlier lead is the
 * same customer's, and for a booked job who goes (null otherwise, or with no owner at all).
 */
export interface LeadListItem {
  lead: Lead;
  photoCount: number;
  returning: boolean;
  assigneeName: string | null;
  assigneeRemoved: boolean;
}

const assignee = alias(people, 'assignee');

const photoCount = sql<number>`(select count(*) from ${leadPhotos} where ${leadPhotos.leadId} = ${leads.id})`.mapWith(Number);

/** Leads as the inbox lists them, one statement (who goes by one join on the people's key): the page asked for, newest first. */
export function leadListItems(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset = 0,
  order = [desc(leads.createdAt), desc(leads.id)],
) {
  return db
    .select({
      lead: leads,
      photoCount,
      returning: returningCustomer,
      assigneeName: assignee.name,
      assigneeRemoved: sql<boolean>`${assignee.removedAt} is not null`.mapWith((value) => Number(value) === 1),
    })
    .from(leads)
    .leftJoin(assignee, and(eq(leads.jobStatus, 'booked'), eq(assignee.id, assigneeSql)))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** One page of leads, newest first, and how many match the filter. */
export async function listLeadsForAdmin(db: Db, options: { page: number; filter: LeadListFilter; perPage?: number }) {
  const perPage = options.perPage ?? ADMIN_LEADS_PER_PAGE;
  const where = listWhere(db, options.filter);
  const [rows, [total]] = await Promise.all([
    leadListItems(db, where, perPage, (options.page - 1) * perPage),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One lead with its messages and photos, or undefined. */
export async function findLeadView(db: Db, id: string): Promise<LeadView | undefined> {
  const lead = await db.select().from(leads).where(eq(leads.id, id)).get();
  return lead ? (await leadViews(db, [lead]))[0] : undefined;
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
export function leadsForExport(db: Db, cursor: LeadCursor | null, limit: number, where?: SQL): Promise<ExportedLead[]> {
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
    .where(and(after, where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}
