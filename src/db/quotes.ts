import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { QuoteLineInput } from '../rules/quote-form';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { STOPPABLE } from './job-changes';
import {
  leadMessages,
  leads,
  type Quote,
  type QuoteAcceptance,
  type QuoteLine,
  quoteAcceptances,
  quoteLines,
  quotes,
} from './schema';

export type { QuoteLine };

/**
 * Quotes as the admin and the customer read them, and the owner's drafts: written, saved, revised
 * and duplicated. Every save is conditional on the row version its form read; a stale one writes
 * nothing and the caller names what changed. What a quote's state changes (sending, the
 * customer's answer, withdrawing) is in quote-moves.
 */

export interface QuoteDraft {
  leadId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  service: string;
  business: boolean;
  validDays: number;
  notes: string;
  terms: string;
  vatRegistered: boolean;
  /** The deposit asked on acceptance (`depositOf`): a percent or a fixed amount in pence, or neither. */
  depositPercent: number | null;
  depositPence: number | null;
  lines: readonly QuoteLineInput[];
}

export interface QuoteWithLines {
  quote: Quote;
  lines: QuoteLine[];
  acceptance: QuoteAcceptance | undefined;
}

const lineRows = (quoteId: string, lines: readonly QuoteLineInput[]) =>
  lines.map((line, position) => ({ quoteId, position, ...line }));

type DraftColumns = Omit<QuoteDraft, 'lines'>;
const draftColumns = (draft: QuoteDraft): DraftColumns => {
  const { lines: _, ...columns } = draft;
  return columns;
};

export async function createQuoteDraft(db: Db, draft: QuoteDraft, now: number): Promise<string> {
  const id = crypto.randomUUID();
  const insert = db
    .insert(quotes)
    .values({ ...draftColumns(draft), id, chainId: id, version: 1, createdAt: now, updatedAt: now, lastWrite: id });
  const rows = lineRows(id, draft.lines);
  if (rows.length > 0) await db.batch([insert, db.insert(quoteLines).values(rows)]);
  else await insert;
  return id;
}

export async function findQuote(db: Db, id: string): Promise<QuoteWithLines | undefined> {
  const [quote, lines, acceptance] = await db.batch([
    db.select().from(quotes).where(eq(quotes.id, id)),
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position)),
    db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, id)),
  ]);
  return quote[0] ? { quote: quote[0], lines, acceptance: acceptance[0] } : undefined;
}

/** The quote a lead's customer sees: the latest one sent to them (drafts are the owner's). */
export async function latestSentQuoteOfLead(db: Db, leadId: string): Promise<QuoteWithLines | undefined> {
  const row = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), ne(quotes.state, 'draft')))
    .orderBy(desc(quotes.sentAt))
    .limit(1)
    .get();
  return row ? findQuote(db, row.id) : undefined;
}

/** Whether the lead's customer has a quote to see (its number, and whether they accepted it), for their request page. */
export async function quoteSentTo(db: Db, leadId: string): Promise<{ number: string; accepted: boolean } | undefined> {
  const row = await db
    .select({ number: quotes.number, state: quotes.state })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), ne(quotes.state, 'draft')))
    .orderBy(desc(quotes.sentAt))
    .limit(1)
    .get();
  return row?.number ? { number: row.number, accepted: row.state === 'accepted' } : undefined;
}

/**
 * Every quote of these leads, then those of these ids (a person's with no lead:
 * `unlinkedMoneyOfPerson`), with its lines and acceptance (a person's export), oldest first.
 */
export async function quotesForLeads(
  db: Db,
  leadIds: readonly string[],
  unlinkedIds: readonly string[] = [],
): Promise<QuoteWithLines[]> {
  const ids: string[] = [];
  for (const chunk of chunksOf([...leadIds])) {
    const rows = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(inArray(quotes.leadId, chunk))
      .orderBy(asc(quotes.createdAt));
    ids.push(...rows.map((row) => row.id));
  }
  const found: QuoteWithLines[] = [];
  for (const id of [...ids, ...unlinkedIds]) {
    const quote = await findQuote(db, id);
    if (quote) found.push(quote);
  }
  return found;
}

export interface AcceptedQuote {
  number: string;
  grossPence: number;
}

/**
 * The lead's accepted quote (the latest, should there be two), whose total is the job's value:
 * the gross the customer accepted, as recorded with their acceptance.
 */
export async function acceptedQuoteOfLead(db: Db, leadId: string): Promise<AcceptedQuote | undefined> {
  const row = await db
    .select({ number: quotes.number, grossPence: quoteAcceptances.grossPence })
    .from(quoteAcceptances)
    .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
    .where(and(eq(quotes.leadId, leadId), eq(quotes.state, 'accepted')))
    .orderBy(desc(quoteAcceptances.acceptedAt))
    .limit(1)
    .get();
  return row ? { number: row.number ?? '', grossPence: row.grossPence } : undefined;
}

/** A lead's quotes for its page, newest first. */
export function quotesOfLead(db: Db, leadId: string) {
  return db.select().from(quotes).where(eq(quotes.leadId, leadId)).orderBy(desc(quotes.createdAt)).limit(20);
}

const WAITING_MS = 3 * 86_400_000;

/**
 * The quotes list, by state: the ones sent more than three days ago and still waiting first
 * (oldest first), then the rest newest first. Superseded versions are left out (their revision
 * stands for them). Bounded: the list shows at most `limit`. Two reads in one batch, each down an
 * index (issue 51): the waiting by state and day sent (quotes_state_sent_idx), the rest from the
 * latest changed (quotes_updated_idx) until the page is full, never every quote sorted.
 */
export async function listQuotes(db: Db, now: number, limit = 100) {
  const waitingSince = now - WAITING_MS;
  const columns = {
    id: quotes.id,
    number: quotes.number,
    version: quotes.version,
    customerName: quotes.customerName,
    service: quotes.service,
    state: quotes.state,
    sentAt: quotes.sentAt,
    updatedAt: quotes.updatedAt,
    validUntil: quotes.validUntil,
  };
  const [waiting, rest] = await db.batch([
    db
      .select(columns)
      .from(quotes)
      .where(and(inArray(quotes.state, ['sent', 'viewed']), lt(quotes.sentAt, waitingSince)))
      .orderBy(asc(quotes.sentAt))
      .limit(limit),
    db
      .select(columns)
      .from(quotes)
      .where(
        and(
          ne(quotes.state, 'superseded'),
          or(notInArray(quotes.state, ['sent', 'viewed']), isNull(quotes.sentAt), gte(quotes.sentAt, waitingSince)),
        ),
      )
      .orderBy(desc(quotes.updatedAt))
      .limit(limit),
  ]);
  return [...waiting, ...rest].slice(0, limit);
}

/**
 * Saves a draft's fields and lines, only where the draft is still at the version the form read.
 * The quote as saved, or undefined when it was not a draft at that version any more.
 */
export async function saveQuoteDraft(db: Db, id: string, readVersion: number, draft: QuoteDraft, now: number) {
  const write = crypto.randomUUID();
  const { leadId: _lead, ...columns } = draftColumns(draft);
  const took = sql`exists (select 1 from ${quotes} where ${quotes.id} = ${id} and ${quotes.lastWrite} = ${write})`;
  const update = db
    .update(quotes)
    .set({ ...columns, updatedAt: now, rowVersion: readVersion + 1, lastWrite: write })
    .where(and(eq(quotes.id, id), eq(quotes.rowVersion, readVersion), eq(quotes.state, 'draft')))
    .returning();
  const clear = db.delete(quoteLines).where(and(eq(quoteLines.quoteId, id), took));
  const inserts = draft.lines.map((line, position) =>
    db
      .insert(quoteLines)
      .select(
        sql`select ${id}, ${position}, ${line.description}, ${line.kind}, ${line.quantityMilli}, ${line.unitPence}, ${line.vatRate}, ${line.optional ? 1 : 0}, ${line.group} where ${took}`,
      ),
  );
  const [updated] = await db.batch([update, clear, ...inserts]);
  return (updated as Quote[])[0];
}

/** A new draft copying a quote's customer, lines and notes: the next version of its chain, or (duplicate) a chain of its own. */
export async function copyQuote(db: Db, from: QuoteWithLines, as: 'revision' | 'duplicate', terms: string, now: number) {
  const { quote } = from;
  const id = crypto.randomUUID();
  const revision = as === 'revision';
  const { id: _id, chainId, version, number, state: _state, ...kept } = quote;
  const insert = db.insert(quotes).values({
    ...kept,
    id,
    chainId: revision ? chainId : id,
    version: revision ? version + 1 : 1,
    number: revision ? number : null,
    terms,
    rowVersion: 1,
    lastWrite: id,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    viewedAt: null,
    closedAt: null,
    validUntil: null,
    declineReason: '',
  });
  const lines = from.lines.map(({ quoteId: _q, ...line }) => ({ ...line, quoteId: id }));
  // The unique (chain, version) refuses a second revision of the same version.
  await (lines.length > 0 ? db.batch([insert, db.insert(quoteLines).values(lines)]) : insert);
  return id;
}

/** The drafts that revise one of these quotes (a quote already revised offers its draft, not another). */
export function laterVersions(db: Db, chainId: string, version: number) {
  return db
    .select({ id: quotes.id, version: quotes.version, state: quotes.state })
    .from(quotes)
    .where(
      and(eq(quotes.chainId, chainId), sql`${quotes.version} > ${version}`, inArray(quotes.state, ['draft', 'sent', 'viewed'])),
    );
}

/** No more quote reminders to this lead's customer: remembered (the first time counts), and those still waiting are cancelled. */
export async function stopQuoteReminders(db: Db, leadId: string, now: number) {
  await db.batch([
    db
      .update(leads)
      .set({ quoteRemindersStoppedAt: now, updatedAt: now })
      .where(and(eq(leads.id, leadId), isNull(leads.quoteRemindersStoppedAt))),
    db
      .update(leadMessages)
      .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
      .where(
        and(
          eq(leadMessages.leadId, leadId),
          eq(leadMessages.kind, 'quote-reminder'),
          inArray(leadMessages.status, [...STOPPABLE]),
        ),
      ),
  ]);
}
