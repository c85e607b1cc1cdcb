import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { findQuote, type QuoteWithLines } from './quotes';
import { quoteAcceptances, quotes } from './schema';

/**
 * Quotes as the admin and the customer find them: a lead's (the one its customer sees, the one
 * accepted, those on its page, a person's export) and the owner's list. One quote with its lines
 * is `findQuote` (quotes.ts).
 */

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

/** Whether the lead's customer has a quote to see (its number), for a link from their request page. */
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
