import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { JobStatus } from '../rules/job-status';
import { assigneeSql } from './assignment';
import type { D1Db as Db } from './client';
import { type CappedCount, COUNT_CAP, cappedCount, type KeysetPage, keysetPage, type PageStart, readsBackwards } from './keyset';
import { messagesForLeads } from './lead-messages';
import { photosForLeads } from './lead-photos';
import { referenceWhere } from './lead-reference';
import { indexOnlyQuery, searchWhere } from './lead-search';
import { returningCustomer } from './returning';
import {
  type Lead,
  type LeadMessage,
  type LeadPhoto,
  leadCounts,
  leadMessages,
  leadPhotos,
  leads,
  people,
  UNDELIVERED_STATUSES,
} from './schema';

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

/**
 * 'Not delivered': any of the lead's e-mails failed, is being retried, or was never sent. Found
 * from those e-mails (their status index), so the filter reads them, not every lead.
 */
const undelivered = sql`${leads.id} in (select ${leadMessages.leadId} from ${leadMessages} where ${leadMessages.status} in ${UNDELIVERED_STATUSES})`;

export function listWhere(filter: LeadListFilter): SQL | undefined {
  return and(
    filter.status === 'undelivered' ? undelivered : filter.status === 'all' ? undefined : eq(leads.jobStatus, filter.status),
    filter.form === 'all' ? undefined : eq(leads.kind, filter.form),
    or(searchWhere(filter.q), referenceWhere(filter.q)),
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

/**
 * Leads as the inbox lists them, one statement (who goes by one join on the people's key), in this
 * order. `sorted`: the filter finds its leads out of date order (a search, the undelivered e-mails),
 * so they are sorted before the page is cut; then the page's leads are picked first and only they
 * get their photos counted and their earlier leads looked up (else SQLite works those out for every
 * lead found). A list read in date order off an index stops at its page anyway.
 */
export function leadListItems(
  db: Db,
  where: SQL | undefined,
  limit: number,
  order = [desc(leads.createdAt), desc(leads.id)],
  sorted = false,
) {
  const page = sorted
    ? sql`${leads}.rowid in ${db
        .select({ rowid: sql`${leads}.rowid` })
        .from(leads)
        .where(where)
        .orderBy(...order)
        .limit(limit)}`
    : where;
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
    .where(page)
    .orderBy(...order)
    .limit(limit);
}

/** Where an inbox page starts (a `PageStart`). */
export type LeadPageStart = PageStart<LeadCursor>;

/** A keyset page of the inbox, and how many leads its filter has. */
export interface LeadListPage extends KeysetPage<LeadListItem, LeadCursor> {
  total: LeadTotal;
}

/**
 * One page of leads, newest first, that starts where `start` says (from the newest without):
 * read straight off the (created_at, id) index from the cursor, one row more than the page to
 * know whether another follows, never skipping rows with OFFSET.
 */
export async function listLeadsForAdmin(
  db: Db,
  options: { start: LeadPageStart; filter: LeadListFilter; perPage?: number },
): Promise<LeadListPage> {
  const perPage = options.perPage ?? ADMIN_LEADS_PER_PAGE;
  const { start } = options;
  const where = listWhere(options.filter);
  const from =
    start === null
      ? undefined
      : 'before' in start
        ? sql`(${leads.createdAt}, ${leads.id}) > (${start.before.createdAt}, ${start.before.id})`
        : sql`(${leads.createdAt}, ${leads.id}) < (${start.after.createdAt}, ${start.after.id})`;
  const order = readsBackwards(start) ? [asc(leads.createdAt), asc(leads.id)] : [desc(leads.createdAt), desc(leads.id)];
  const sorted = Boolean(options.filter.q) || options.filter.status === 'undelivered';
  const [found, total] = await Promise.all([
    leadListItems(db, and(where, from), perPage + 1, order, sorted),
    countLeads(db, options.filter, where),
  ]);
  const page = keysetPage(found, start, perPage, ({ lead }) => ({ createdAt: lead.createdAt, id: lead.id }));
  return { ...page, total };
}

/** How many leads a filter has (a search or the undelivered filter stops counting at COUNT_CAP). */
export type LeadTotal = CappedCount;

/**
 * Status and form alone: the counts kept beside the leads (lead_counts, migration 0022), a few
 * rows. A search or the undelivered filter: its leads counted up to the cap.
 */
async function countLeads(db: Db, filter: LeadListFilter, where: SQL | undefined): Promise<LeadTotal> {
  if (!filter.q && filter.status !== 'undelivered') {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${leadCounts.n}), 0)`.mapWith(Number) })
      .from(leadCounts)
      .where(
        and(
          filter.status === 'all' ? undefined : eq(leadCounts.jobStatus, filter.status),
          filter.form === 'all' ? undefined : eq(leadCounts.kind, filter.form),
        ),
      );
    return { n: row?.n ?? 0, atLeast: false };
  }
  // 'Not delivered' alone: the leads of those e-mails, counted from their index without reading
  // the leads (an e-mail never outlives its lead). A text search alone: its matches counted in the
  // trigram index, which holds a row for every lead and none for a deleted one.
  const onlyUndelivered = filter.status === 'undelivered' && filter.form === 'all' && !filter.q;
  const indexOnly =
    filter.status === 'all' && filter.form === 'all' && !referenceWhere(filter.q) ? indexOnlyQuery(filter.q) : undefined;
  const capped = indexOnly
    ? db
        .select({ one: sql`1` })
        .from(sql`leads_search`)
        .where(sql`leads_search match ${indexOnly}`)
        .limit(COUNT_CAP + 1)
        .as('capped')
    : onlyUndelivered
      ? db
          .selectDistinct({ one: leadMessages.leadId })
          .from(leadMessages)
          .where(sql`${leadMessages.status} in ${UNDELIVERED_STATUSES}`)
          .limit(COUNT_CAP + 1)
          .as('capped')
      : db
          .select({ one: sql`1` })
          .from(leads)
          .where(where)
          .limit(COUNT_CAP + 1)
          .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return cappedCount(row?.n ?? 0);
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

/**
 * The next batch of leads for the export, newest first, after `cursor`: one statement per batch,
 * starting at the cursor's place in the (created_at, id) index (a row value, as the inbox's pages)
 * and stopping at the batch's end, so a batch reads its own leads and not every older one.
 */
export function leadsForExport(db: Db, cursor: LeadCursor | null, limit: number, where?: SQL): Promise<ExportedLead[]> {
  const after = cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined;
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
