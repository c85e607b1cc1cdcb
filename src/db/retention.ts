import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import {
  creditNoteLines,
  creditNotes,
  invoiceLines,
  invoices,
  leads,
  payments,
  quoteAcceptances,
  quoteLines,
  quotes,
} from './schema';

/** Which leads are past their retention period (`deleteLeadsPastRetention` erases them). */

const DAY_MS = 86_400_000;

/** How long leads are kept: after being marked handled, or after arriving if never handled. */
export interface RetentionDays {
  handledDays: number;
  unhandledDays: number;
}

/**
 * Up to `batch` ids of leads handled more than `handledDays` ago, or never handled and received
 * more than `unhandledDays` ago (both strictly before the cut-off), oldest first (each kind by its
 * own date: when handled, when received; a later batch takes the rest). Two reads, each down
 * leads_handled_created_idx from the oldest (the never handled are its null entries, in order of
 * arrival): a run with nothing due reads nothing, and one with a backlog reads its batch.
 */
export async function expiredLeadIds(db: Db, now: number, days: RetentionDays, batch: number): Promise<string[]> {
  const [handled, unhandled] = await Promise.all([
    db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(lt(leads.handledAt, now - days.handledDays * DAY_MS))
      .orderBy(asc(leads.handledAt))
      .limit(batch),
    db
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(and(isNull(leads.handledAt), lt(leads.createdAt, now - days.unhandledDays * DAY_MS)))
      .orderBy(asc(leads.createdAt))
      .limit(batch),
  ]);
  return [...handled, ...unhandled]
    .sort((a, b) => a.createdAt - b.createdAt)
    .slice(0, batch)
    .map((row) => row.id);
}

/**
 * Deletes up to `batch` accepted quotes accepted before `before` (their accounting years are over,
 * `accountingRecordsDueBefore`): each with its lines and its acceptance, oldest first, down
 * quote_acceptances_accepted_idx. How many went; a later run takes the rest.
 */
export async function deleteAcceptedQuotesBefore(db: Db, before: number, batch: number): Promise<number> {
  const due = await db
    .select({ id: quoteAcceptances.quoteId })
    .from(quoteAcceptances)
    .where(lt(quoteAcceptances.acceptedAt, before))
    .orderBy(asc(quoteAcceptances.acceptedAt))
    .limit(batch);
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.batch([
    db.delete(quoteAcceptances).where(inArray(quoteAcceptances.quoteId, ids)),
    db.delete(quoteLines).where(inArray(quoteLines.quoteId, ids)),
    db.delete(quotes).where(and(inArray(quotes.id, ids), eq(quotes.state, 'accepted'))),
  ]);
  return ids.length;
}

/**
 * Deletes up to `batch` issued invoices whose accounting years are over: issued before `keptFrom`
 * (a UK day; `keptFromAt` the instant it starts) with no payment or credit note on or after it,
 * so a late payment keeps its invoice until its own years are over. Each goes with its lines,
 * credit notes (and theirs) and payments, oldest first, down invoices_issued_idx. How many went.
 */
export async function deleteInvoicesBefore(db: Db, keptFrom: string, keptFromAt: number, batch: number): Promise<number> {
  const due = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.issuedAt),
        lt(invoices.issuedAt, keptFromAt),
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.invoiceId, invoices.id), gte(payments.paidOn, keptFrom))),
        ),
        notExists(
          db
            .select({ id: creditNotes.id })
            .from(creditNotes)
            .where(and(eq(creditNotes.invoiceId, invoices.id), gte(creditNotes.issuedAt, keptFromAt))),
        ),
      ),
    )
    .orderBy(asc(invoices.issuedAt))
    .limit(batch);
  return deleteInvoiceRows(
    db,
    due.map((row) => row.id),
  );
}

/**
 * Deletes up to `batch` drafts never issued and untouched since `before`: not an accounting
 * record, only a customer's name and address waiting. How many went.
 */
export async function deleteStaleDraftInvoices(db: Db, before: number, batch: number): Promise<number> {
  const due = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.state, 'draft'), isNull(invoices.issuedAt), lt(invoices.updatedAt, before)))
    .limit(batch);
  return deleteInvoiceRows(
    db,
    due.map((row) => row.id),
  );
}

/** The invoices and everything hanging on them, in one batch (children first: the foreign keys hold). */
async function deleteInvoiceRows(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const notes = db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, [...ids]));
  await db.batch([
    db.delete(creditNoteLines).where(inArray(creditNoteLines.creditNoteId, notes)),
    db.delete(creditNotes).where(inArray(creditNotes.invoiceId, [...ids])),
    db.delete(payments).where(inArray(payments.invoiceId, [...ids])),
    db.delete(invoiceLines).where(inArray(invoiceLines.invoiceId, [...ids])),
    db.delete(invoices).where(inArray(invoices.id, [...ids])),
  ]);
  return ids.length;
}
