import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { InvoiceLineInput } from '../rules/invoice-form';
import type { InvoiceKind } from '../rules/invoice-state';
import { invoiceTotals } from '../rules/money-lines';
import type { D1Db as Db } from './client';
import { type CreditNote, creditNotes, type Invoice, type InvoiceLine, invoiceLines, invoices, quotes } from './schema';

/**
 * Invoices as the admin reads them, and the owner's drafts: written, saved and deleted. A draft has
 * no number, so deleting one leaves no gap. Every save and deletion is conditional on the version
 * its form read and on the invoice still being a draft: an issued invoice is never changed here
 * (issuing, credit notes and payments are in invoice-moves).
 */

export interface InvoiceDraft {
  leadId: string | null;
  quoteId: string | null;
  kind: InvoiceKind;
  customerName: string;
  customerEmail: string;
  customerAddress: string;
  business: boolean;
  termsDays: number;
  /** Epoch ms of the day the work was done, or null when not said. */
  suppliedAt: number | null;
  notes: string;
  lines: readonly InvoiceLineInput[];
}

export interface InvoiceWithLines {
  invoice: Invoice;
  lines: InvoiceLine[];
  creditNotes: CreditNote[];
}

const totalsOf = (lines: readonly InvoiceLineInput[]) => {
  const totals = invoiceTotals(lines);
  return { netPence: totals.net, vatPence: totals.vat, grossPence: totals.gross };
};

const draftColumns = ({ lines, ...columns }: InvoiceDraft) => ({ ...columns, ...totalsOf(lines) });

export async function createInvoiceDraft(db: Db, draft: InvoiceDraft, now: number): Promise<string> {
  const id = crypto.randomUUID();
  const insert = db.insert(invoices).values({ ...draftColumns(draft), id, createdAt: now, updatedAt: now, lastWrite: id });
  const rows = draft.lines.map((line, position) => ({ ...line, invoiceId: id, position }));
  await (rows.length > 0 ? db.batch([insert, db.insert(invoiceLines).values(rows)]) : insert);
  return id;
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceWithLines | undefined> {
  const [invoice, lines, notes] = await db.batch([
    db.select().from(invoices).where(eq(invoices.id, id)),
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    db.select().from(creditNotes).where(eq(creditNotes.invoiceId, id)).orderBy(asc(creditNotes.issuedAt)),
  ]);
  return invoice[0] ? { invoice: invoice[0], lines, creditNotes: notes } : undefined;
}

/**
 * Saves a draft's fields and lines, only where it is still a draft at the version the form read.
 * The invoice as saved, or undefined when it was issued, deleted or saved by someone else since.
 */
export async function saveInvoiceDraft(db: Db, id: string, readVersion: number, draft: InvoiceDraft, now: number) {
  const write = crypto.randomUUID();
  const { leadId: _lead, quoteId: _quote, kind: _kind, ...columns } = draftColumns(draft);
  const took = sql`exists (select 1 from ${invoices} where ${invoices.id} = ${id} and ${invoices.lastWrite} = ${write})`;
  const update = db
    .update(invoices)
    .set({ ...columns, updatedAt: now, version: readVersion + 1, lastWrite: write })
    .where(and(eq(invoices.id, id), eq(invoices.version, readVersion), eq(invoices.state, 'draft')))
    .returning();
  const clear = db.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), took));
  const inserts = draft.lines.map((line, position) =>
    db
      .insert(invoiceLines)
      .select(
        sql`select ${id}, ${position}, ${line.description}, ${line.kind}, ${line.quantityMilli}, ${line.unitPence}, ${line.vatRate}, ${line.vatPence ?? null} where ${took}`,
      ),
  );
  const [updated] = await db.batch([update, clear, ...inserts]);
  return (updated as Invoice[])[0];
}

/** Deletes a draft read at `readVersion`; false when it was issued or changed since (nothing deleted). */
export async function deleteInvoiceDraft(db: Db, id: string, readVersion: number): Promise<boolean> {
  const isDraft = sql`exists (select 1 from ${invoices} where ${invoices.id} = ${id} and ${invoices.version} = ${readVersion} and ${invoices.state} = 'draft')`;
  const [, deleted] = await db.batch([
    db.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), isDraft)),
    db
      .delete(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.version, readVersion), eq(invoices.state, 'draft')))
      .returning({ id: invoices.id }),
  ]);
  return deleted.length === 1;
}

/** A lead's invoices for its page, newest first. */
export function invoicesOfLead(db: Db, leadId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      state: invoices.state,
      dueAt: invoices.dueAt,
      grossPence: invoices.grossPence,
    })
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(desc(invoices.createdAt))
    .limit(20);
}

/**
 * The invoices list: the ones still owed and past their due day first, longest overdue first; then
 * the drafts, latest changed first; then the owed not yet due, soonest due first; then the settled,
 * latest changed first. Bounded at `limit`. `todayStart` is the instant the UK day began: an
 * invoice due before it is overdue (issuing always sets the due day). Each state is read on its
 * own, in one batch, down its index in the list's order and stopped at the limit (issue 56:
 * invoices_state_due_idx, invoices_state_updated_idx), so the page reads at most a few limits'
 * rows however many years of invoices there are, and sorts none of them whole.
 */
export async function listInvoices(db: Db, todayStart: number, limit = 100) {
  const columns = {
    id: invoices.id,
    number: invoices.number,
    kind: invoices.kind,
    customerName: invoices.customerName,
    state: invoices.state,
    dueAt: invoices.dueAt,
    issuedAt: invoices.issuedAt,
    updatedAt: invoices.updatedAt,
    grossPence: invoices.grossPence,
    lessDepositPence: invoices.lessDepositPence,
    amountPaidPence: invoices.amountPaidPence,
    amountCreditedPence: invoices.amountCreditedPence,
  };
  const owedBy = (state: 'issued' | 'part_paid', overdue: boolean) =>
    db
      .select(columns)
      .from(invoices)
      .where(and(eq(invoices.state, state), overdue ? lt(invoices.dueAt, todayStart) : gte(invoices.dueAt, todayStart)))
      .orderBy(asc(invoices.dueAt))
      .limit(limit);
  const latestOf = (state: 'draft' | 'paid' | 'credited') =>
    db.select(columns).from(invoices).where(eq(invoices.state, state)).orderBy(desc(invoices.updatedAt)).limit(limit);
  const [issuedLate, partLate, drafts, issuedOpen, partOpen, paid, credited] = await db.batch([
    owedBy('issued', true),
    owedBy('part_paid', true),
    latestOf('draft'),
    owedBy('issued', false),
    owedBy('part_paid', false),
    latestOf('paid'),
    latestOf('credited'),
  ]);
  type Row = (typeof drafts)[number];
  const byDue = (a: Row, b: Row) => (a.dueAt ?? 0) - (b.dueAt ?? 0);
  const latestFirst = (a: Row, b: Row) => b.updatedAt - a.updatedAt;
  return [
    ...[...issuedLate, ...partLate].sort(byDue),
    ...drafts,
    ...[...issuedOpen, ...partOpen].sort(byDue),
    ...[...paid, ...credited].sort(latestFirst),
  ].slice(0, limit);
}

/** The job's accepted quote, the latest if more than one: what "Invoice this job" starts from. */
export async function acceptedQuoteOf(db: Db, leadId: string): Promise<string | undefined> {
  const row = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), eq(quotes.state, 'accepted')))
    .orderBy(desc(quotes.closedAt))
    .limit(1)
    .get();
  return row?.id;
}
