import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { QuoteLineInput } from '../rules/quote-form';
import type { D1Db as Db } from './client';
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
 * A quote with its lines, and the owner's drafts: written, saved, revised and duplicated. Every
 * save is conditional on the row version its form read; a stale one writes nothing and the caller
 * names what changed. What a quote's state changes (sending, the customer's answer, withdrawing)
 * is in quote-moves; the quotes of a lead and the owner's list are read in quote-reads.
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
