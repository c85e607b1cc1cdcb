import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { InvoiceLineInput } from '../rules/invoice-form';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { type LeadRecord, leadRecordStatements, type NumberedDetail, numberedDetail } from './lead-records';
import { cancelSettledInvoiceReminders } from './reminders-stopped';
import { creditNoteLines, creditNotes, type Invoice, invoiceLines, invoices, numberCounters } from './schema';

/**
 * An invoice's changes once it leaves the draft, each one D1 batch conditional on the version read:
 * issuing (the next invoice number), a credit note (the next credit-note number) and a payment.
 * A number is taken from `number_counters` with `UPDATE … RETURNING` in the batch that uses it and
 * only where that batch's change takes, so numbers are consecutive, never shared and never
 * skipped, however many issue at once. Everything that goes with a change (the timeline entry,
 * the e-mails) is written only where the invoice carries the change's random `last_write`.
 */

type Read = Pick<Invoice, 'id' | 'version'>;

/** 'INV-0001' from the counter's `next` as it is after the increment. */
const numbered = (name: string, prefix: string) =>
  sql`${prefix} || printf('%04d', (select ${numberCounters.next} - 1 from ${numberCounters} where ${numberCounters.name} = ${name}))`;

const takeNumber = (db: Db, name: string, when: SQL) =>
  db
    .update(numberCounters)
    .set({ next: sql`${numberCounters.next} + 1` })
    .where(and(eq(numberCounters.name, name), when))
    .returning({ taken: sql<number>`${numberCounters.next} - 1` });

const tookWrite = (id: string, write: string) =>
  sql`exists (select 1 from ${invoices} where ${invoices.id} = ${id} and ${invoices.lastWrite} = ${write})`;

const leadWhereTook = (id: string, write: string) =>
  sql`(select ${invoices.leadId} from ${invoices} where ${invoices.id} = ${id} and ${invoices.lastWrite} = ${write} and ${invoices.leadId} is not null)`;

/**
 * The state an invoice's money puts it in, the one settle rule every money move writes (payments
 * by hand and through Stripe, refunds, credit notes), from what was paid and credited after the
 * change: credited when credit notes cancel all it billed, paid when nothing is left to pay (more
 * paid is a refund owed, `refundOwed`), part-paid while some is paid, else issued.
 */
export function settledStateSql(paid: SQL, credited: SQL) {
  const billed = sql`(${invoices.grossPence} - ${invoices.lessDepositPence})`;
  return sql`case when ${credited} > 0 and ${credited} >= ${billed} then 'credited' when ${billed} - ${paid} - ${credited} <= 0 then 'paid' when ${paid} > 0 then 'part_paid' else 'issued' end`;
}

/** What issuing fixes on the invoice: the dates, the VAT form and the business as they are now. */
export interface IssueFacts {
  issuedAt: number;
  dueAt: number;
  taxPointAt: number | null;
  vatRegistered: boolean;
  simplified: boolean;
  /** The seller's details (name, address, VAT number, bank) as JSON. */
  seller: string;
  /** Only on final invoices issued before deposits were taken off line by line (0035): 0 now. */
  lessDepositPence: number;
  /** The totals of the lines as charged (no VAT when the business is not VAT-registered). */
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/** The lead's side of a change; `detail`'s words go around the number (it may be given in the same batch). */
export type InvoiceRecord = Omit<LeadRecord, 'detail' | 'kind'> & { detail: NumberedDetail };

/**
 * Issues a draft read at `read.version`: numbers it and fixes it, with its timeline entry and
 * e-mails. The invoice as issued, or undefined when it was no longer that draft (issued, saved or
 * deleted since): then no number was taken.
 */
export async function issueInvoice(
  db: Db,
  read: Read,
  facts: IssueFacts,
  now: number,
  record: InvoiceRecord,
  added: { from: number; lines: readonly InvoiceLineInput[] } = { from: 0, lines: [] },
) {
  const write = crypto.randomUUID();
  const took = tookWrite(read.id, write);
  // Lines the issue adds (the deposits taken off), written only where the issue took.
  const addLines = added.lines.map((line, index) =>
    db.insert(invoiceLines).select(rowWhere(invoiceLines, { ...line, invoiceId: read.id, position: added.from + index }, took)),
  );
  const stillDraft = sql`exists (select 1 from ${invoices} where ${invoices.id} = ${read.id} and ${invoices.version} = ${read.version} and ${invoices.state} = 'draft')`;
  const update = db
    .update(invoices)
    .set({
      ...facts,
      state: 'issued',
      number: numbered('invoice', 'INV-'),
      updatedAt: now,
      version: read.version + 1,
      lastWrite: write,
    })
    .where(and(eq(invoices.id, read.id), eq(invoices.version, read.version), eq(invoices.state, 'draft')))
    .returning();
  const number = sql`(select ${invoices.number} from ${invoices} where ${invoices.id} = ${read.id})`;
  const [, issued] = await db.batch([
    takeNumber(db, 'invoice', stillDraft),
    update,
    ...addLines,
    ...leadRecordStatements(db, leadWhereTook(read.id, write), now, {
      ...record,
      kind: 'invoice',
      detail: numberedDetail(record.detail, number),
    }),
  ]);
  return (issued as Invoice[])[0];
}

export interface CreditLine {
  description: string;
  kind: 'labour' | 'materials' | 'call-out' | 'disposal' | 'other';
  quantityMilli: number;
  unitPence: number;
  vatRate: '20' | '5' | '0' | 'none';
  vatPence?: number | null;
}

/**
 * A credit note for all or part of an issued invoice read at `read.version`: numbered CN-0001…
 * from its own sequence, its gross added to what the invoice has credited and the invoice's state
 * settled, in one batch. Refused (undefined, nothing written, no number taken) when the invoice
 * changed since it was read, is a draft, or would be credited more than it is for.
 */
export async function creditInvoice(
  db: Db,
  read: Read,
  note: { id: string; reason: string; netPence: number; vatPence: number; grossPence: number; lines: readonly CreditLine[] },
  now: number,
  record: InvoiceRecord,
) {
  const write = crypto.randomUUID();
  const { id } = note;
  const credited = sql`(${invoices.amountCreditedPence} + ${note.grossPence})`;
  const fits = and(
    eq(invoices.id, read.id),
    eq(invoices.version, read.version),
    ne(invoices.state, 'draft'),
    sql`${credited} <= ${invoices.grossPence} - ${invoices.lessDepositPence}`,
  );
  const stillFits = sql`exists (select 1 from ${invoices} where ${fits})`;
  const update = db
    .update(invoices)
    .set({
      amountCreditedPence: credited,
      state: settledStateSql(invoices.amountPaidPence as unknown as SQL, credited),
      updatedAt: now,
      version: read.version + 1,
      lastWrite: write,
    })
    .where(fits)
    .returning();
  const took = tookWrite(read.id, write);
  const insertNote = db.insert(creditNotes).select(
    rowWhere(
      creditNotes,
      {
        id,
        invoiceId: read.id,
        number: numbered('credit_note', 'CN-'),
        reason: note.reason,
        netPence: note.netPence,
        vatPence: note.vatPence,
        grossPence: note.grossPence,
        issuedAt: now,
      },
      took,
    ),
  );
  const insertLines = note.lines.map((line, position) =>
    db.insert(creditNoteLines).select(rowWhere(creditNoteLines, { ...line, creditNoteId: id, position }, took)),
  );
  const number = sql`(select ${creditNotes.number} from ${creditNotes} where ${creditNotes.id} = ${id})`;
  const [, updated] = await db.batch([
    takeNumber(db, 'credit_note', stillFits),
    update,
    insertNote,
    ...insertLines,
    cancelSettledInvoiceReminders(db, read.id, write, now),
    ...leadRecordStatements(db, leadWhereTook(read.id, write), now, {
      ...record,
      kind: 'invoice',
      detail: numberedDetail(record.detail, number),
    }),
  ]);
  const invoice = (updated as Invoice[])[0];
  return invoice && { invoice, creditNoteId: id };
}

/**
 * The statements that apply a payment (or, negative, a refund) to an invoice read at
 * `read.version`, for the caller's own batch: what was paid and the state change together, only
 * where the invoice is issued (not a draft) and still at that version. A deposit's time of supply
 * is its payment, so the first payment dates it. `took` is SQL true only where the change took:
 * write the payment's own row with `rowWhere(…, took)` in the same batch; the first statement
 * returns the invoice as it is after the change (none when refused).
 */
export function paymentStatements(db: Db, read: Read, amountPence: number, paidAt: number, now: number) {
  const write = crypto.randomUUID();
  const paid = sql`(${invoices.amountPaidPence} + ${amountPence})`;
  const update = db
    .update(invoices)
    .set({
      amountPaidPence: paid,
      state: settledStateSql(paid, invoices.amountCreditedPence as unknown as SQL),
      taxPointAt: sql`case when ${invoices.kind} = 'deposit' then coalesce(${invoices.taxPointAt}, ${paidAt}) else ${invoices.taxPointAt} end`,
      updatedAt: now,
      version: read.version + 1,
      lastWrite: write,
    })
    .where(and(eq(invoices.id, read.id), eq(invoices.version, read.version), ne(invoices.state, 'draft')))
    .returning();
  const statements: [typeof update, ...BatchItem<'sqlite'>[]] = [update, cancelSettledInvoiceReminders(db, read.id, write, now)];
  return { statements, took: tookWrite(read.id, write) };
}
