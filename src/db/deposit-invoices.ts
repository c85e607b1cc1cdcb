import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { creditNoteLines, creditNotes, type InvoiceLine, invoiceLines, invoices } from './schema';

/**
 * A quote's deposit invoices as its final invoice reads them: each one issued and not wholly
 * credited, with its lines and the lines of its credit notes, so what is left of it can be taken
 * off at its own net and VAT per rate. A quote has one or two deposits at most, so this reads a
 * handful of rows.
 */
export interface DepositInvoice {
  id: string;
  number: string | null;
  vatRegistered: boolean;
  lines: InvoiceLine[];
  credited: Pick<InvoiceLine, 'quantityMilli' | 'unitPence' | 'vatRate' | 'vatPence'>[];
}

export async function depositInvoicesOf(db: Db, quoteId: string): Promise<DepositInvoice[]> {
  const deposits = await db
    .select({ id: invoices.id, number: invoices.number, vatRegistered: invoices.vatRegistered })
    .from(invoices)
    .where(
      and(
        eq(invoices.quoteId, quoteId),
        eq(invoices.kind, 'deposit'),
        ne(invoices.state, 'draft'),
        ne(invoices.state, 'credited'),
      ),
    )
    .orderBy(asc(invoices.issuedAt));
  if (deposits.length === 0) return [];
  const ids = deposits.map((deposit) => deposit.id);
  const [lines, credited] = await db.batch([
    db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.position)),
    creditedLines(db).where(inArray(creditNotes.invoiceId, ids)),
  ]);
  return deposits.map((deposit) => ({
    ...deposit,
    lines: lines.filter((line) => line.invoiceId === deposit.id),
    credited: credited.filter((line) => line.invoiceId === deposit.id),
  }));
}

/** A deposit invoice on the quote not yet wholly credited, a draft too: a second one is not made beside it. */
export async function openDepositInvoiceOf(db: Db, quoteId: string) {
  return db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), eq(invoices.kind, 'deposit'), ne(invoices.state, 'credited')))
    .limit(1)
    .get();
}

/** The money of credit notes' lines, with the invoice each credits. */
const creditedLines = (db: Db) =>
  db
    .select({
      invoiceId: creditNotes.invoiceId,
      quantityMilli: creditNoteLines.quantityMilli,
      unitPence: creditNoteLines.unitPence,
      vatRate: creditNoteLines.vatRate,
      vatPence: creditNoteLines.vatPence,
    })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId));

/** The lines of an invoice's credit notes, for what a credit of "the rest" may still take back. */
export const creditedLinesOf = (db: Db, invoiceId: string) => creditedLines(db).where(eq(creditNotes.invoiceId, invoiceId));
