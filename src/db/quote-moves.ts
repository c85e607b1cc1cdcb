import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { nextQuoteState, type QuoteEvent, statesFor } from '../rules/quote-state';
import { acceptedLeadMovesOn } from './accepted-lead';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { newRequestKey } from './lead-jobs';
import { leadRecordStatements, type NumberedDetail, numberedDetail } from './lead-records';
import { alertRowsStatement } from './push-messages';
import { cancelClosedQuoteReminders } from './reminders-stopped';
import { leads, type NewQuoteAcceptance, type Quote, quoteAcceptances, quoteCounters, quotes } from './schema';

/**
 * A quote's changes of state, each one D1 batch conditional on what was read: the quote's state
 * and row version. The update sets a fresh `last_write`, and everything that goes with the change
 * (the number, the earlier version superseded, the acceptance, the lead's timeline entry and
 * e-mail) is written only where the quote carries it. So of an acceptance racing a withdrawal,
 * one takes and the other writes nothing; accepting twice changes nothing the second time.
 */

const DAY_MS = 86_400_000;

/** An acceptance as recorded (its quote's id is the quote moved). */
export type AcceptanceRow = Omit<NewQuoteAcceptance, 'quoteId'>;

/** What went with a change on the lead's side: its timeline entry and the e-mail it queues. */
export interface QuoteRecord {
  /** The timeline's words; around the quote's number (as the row has it) where the number is given in the same batch. */
  detail: string | NumberedDetail;
  actor: string;
  /** 'quote' (sent) or 'accepted' (the confirmation): queued for the customer, about this quote. */
  mail?: 'quote' | 'accepted';
  /** Reminders to the customer queued with it, each re-checked when due (`about`: the quote's id and which). */
  reminders?: readonly { dueAt: number; about: string }[];
  willSend: boolean;
  /**
   * The owner told of the customer's answer in the same batch: their e-mail ('quote-answer') and,
   * where alerts are on, the phone alert for every device that wants it; both leased until
   * `leaseUntil` for their first try after the answer, then the cron's.
   */
  owner?: { leaseUntil: number; alerts: boolean };
}

const tookWrite = (id: string, write: string) =>
  sql`exists (select 1 from ${quotes} where ${quotes.id} = ${id} and ${quotes.lastWrite} = ${write})`;

/** The timeline entry and the e-mail, on the quote's lead (as it is after the change), where the change took. */
function leadRecords(db: Db, id: string, write: string, now: number, record: QuoteRecord) {
  const number = sql`(select ${quotes.number} from ${quotes} where ${quotes.id} = ${id})`;
  const detail = typeof record.detail === 'string' ? sql`${record.detail}` : numberedDetail(record.detail, number);
  const lead = sql`(select ${quotes.leadId} from ${quotes} where ${quotes.id} = ${id} and ${quotes.lastWrite} = ${write} and ${quotes.leadId} is not null)`;
  const mails = [
    ...(record.mail ? [{ kind: record.mail, dueAt: now, about: id }] : []),
    ...(record.reminders ?? []).map((reminder) => ({ kind: 'quote-reminder' as const, ...reminder })),
    ...(record.owner ? [{ kind: 'quote-answer' as const, dueAt: record.owner.leaseUntil, about: id }] : []),
  ];
  const alerts = record.owner?.alerts ? [alertRowsStatement(db, lead, 'quote', now, record.owner.leaseUntil)] : [];
  return [
    ...leadRecordStatements(db, lead, now, { actor: record.actor, kind: 'quote', detail, mails, willSend: record.willSend }),
    ...alerts,
  ];
}

/**
 * Sends a draft: numbers it (the first version; later ones keep the number), dates it, supersedes
 * the chain's earlier versions still standing, and gives a walk-in customer a lead (their request
 * page and timeline). Refused when the draft changed since it was read or a version was accepted.
 */
export async function sendQuote(
  db: Db,
  read: Pick<Quote, 'id' | 'rowVersion' | 'chainId' | 'version' | 'validDays'>,
  year: number,
  now: number,
  record: QuoteRecord,
) {
  const write = crypto.randomUUID();
  const stillDraft = sql`exists (select 1 from ${quotes} where ${quotes.id} = ${read.id} and ${quotes.rowVersion} = ${read.rowVersion} and ${quotes.state} = 'draft' and not exists (select 1 from ${quotes} where ${quotes.chainId} = ${read.chainId} and ${quotes.state} = 'accepted'))`;
  const needsNumber = sql`exists (select 1 from ${quotes} where ${quotes.id} = ${read.id} and ${quotes.number} is null)`;
  const count = db
    .insert(quoteCounters)
    .select(rowWhere(quoteCounters, { year, last: 1 }, sql`${stillDraft} and ${needsNumber}`))
    .onConflictDoUpdate({ target: quoteCounters.year, set: { last: sql`${quoteCounters.last} + 1` } });
  const number = sql`coalesce(${quotes.number}, ${`Q-${year}-`} || printf('%04d', (select last from ${quoteCounters} where ${quoteCounters.year} = ${year})))`;
  const update = db
    .update(quotes)
    .set({
      state: 'sent',
      number,
      sentAt: now,
      validUntil: now + read.validDays * DAY_MS,
      updatedAt: now,
      rowVersion: read.rowVersion + 1,
      lastWrite: write,
    })
    .where(and(eq(quotes.id, read.id), stillDraft))
    .returning();
  const took = tookWrite(read.id, write);
  const supersede = db
    .update(quotes)
    .set({ state: 'superseded', closedAt: now, updatedAt: now, rowVersion: sql`${quotes.rowVersion} + 1` })
    .where(
      and(
        eq(quotes.chainId, read.chainId),
        lt(quotes.version, read.version),
        inArray(quotes.state, [...statesFor('supersede')]),
        took,
      ),
    );
  const leadId = crypto.randomUUID();
  const walkIn = sql`exists (select 1 from ${quotes} where ${quotes.id} = ${read.id} and ${quotes.lastWrite} = ${write} and ${quotes.leadId} is null)`;
  const snapshot = (column: SQLiteColumn) => sql`(select ${column} from ${quotes} where ${quotes.id} = ${read.id})`;
  const newLead = db.insert(leads).select(
    rowWhere(
      leads,
      {
        id: leadId,
        kind: 'quote',
        name: snapshot(quotes.customerName),
        email: snapshot(quotes.customerEmail),
        phone: snapshot(quotes.customerPhone),
        address: snapshot(quotes.customerAddress),
        service: snapshot(quotes.service),
        message: 'Quoted without a request.',
        createdAt: now,
        updatedAt: now,
        // Someone the owner has spoken with, not a form's lead: never "Not contacted", and marked as a walk-in.
        jobStatus: 'contacted',
        walkIn: true,
        requestKey: newRequestKey(),
      },
      walkIn,
    ),
  );
  const linkLead = db
    .update(quotes)
    .set({ leadId })
    .where(and(eq(quotes.id, read.id), walkIn));
  // A lead not yet booked has no request link: sending a quote gives it one.
  const giveLink = db
    .update(leads)
    .set({ requestKey: newRequestKey() })
    .where(
      and(
        isNull(leads.requestKey),
        sql`${leads.id} = (select ${quotes.leadId} from ${quotes} where ${quotes.id} = ${read.id} and ${took})`,
      ),
    );
  const [, updated] = await db.batch([
    count,
    update,
    supersede,
    newLead,
    linkLead,
    giveLink,
    ...leadRecords(db, read.id, write, now, record),
  ]);
  const sent = (updated as Quote[])[0];
  // The walk-in's lead was linked after the update returned its row.
  return sent && { ...sent, leadId: sent.leadId ?? leadId };
}

/**
 * The customer's answer or the owner's withdrawal: the quote moves by the state table, only from a
 * state the event allows and at the row version read (and, for the customer, while it stands).
 */
export async function moveQuote(
  db: Db,
  read: Pick<Quote, 'id' | 'rowVersion' | 'state'>,
  event: Exclude<QuoteEvent, 'send' | 'supersede'>,
  now: number,
  record: QuoteRecord,
  extra: { declineReason?: string; acceptance?: AcceptanceRow } = {},
) {
  const to = nextQuoteState(read.state, event);
  if (!to) return undefined;
  const write = crypto.randomUUID();
  const standing =
    event === 'accept' || event === 'decline' || event === 'view' ? sql`${quotes.validUntil} > ${now}` : sql`1 = 1`;
  const closes = event !== 'view';
  const update = db
    .update(quotes)
    .set({
      state: to,
      updatedAt: now,
      rowVersion: read.rowVersion + 1,
      lastWrite: write,
      ...(closes ? { closedAt: now } : { viewedAt: now }),
      ...(extra.declineReason !== undefined ? { declineReason: extra.declineReason } : {}),
    })
    .where(and(eq(quotes.id, read.id), eq(quotes.rowVersion, read.rowVersion), eq(quotes.state, read.state), standing))
    .returning();
  const took = tookWrite(read.id, write);
  const acceptance = extra.acceptance;
  const recordAcceptance = acceptance
    ? [db.insert(quoteAcceptances).select(rowWhere(quoteAcceptances, { ...acceptance, quoteId: read.id }, took))]
    : [];
  const movesOn = event === 'accept' ? acceptedLeadMovesOn(db, read.id, write, now) : [];
  const [updated] = await db.batch([
    update,
    ...recordAcceptance,
    ...leadRecords(db, read.id, write, now, record),
    ...movesOn,
    cancelClosedQuoteReminders(db, read.id, write, now),
  ]);
  return (updated as Quote[])[0];
}

/** A quote past its date is expired when next read (no timeline entry: nothing was done). */
export async function expireIfPast(db: Db, quote: Quote, now: number): Promise<Quote> {
  if (!(quote.state === 'sent' || quote.state === 'viewed') || quote.validUntil === null || quote.validUntil > now) return quote;
  const [expired] = await db
    .update(quotes)
    .set({ state: 'expired', closedAt: now, updatedAt: now, rowVersion: quote.rowVersion + 1 })
    .where(and(eq(quotes.id, quote.id), eq(quotes.rowVersion, quote.rowVersion), eq(quotes.state, quote.state)))
    .returning();
  return expired ?? quote;
}
