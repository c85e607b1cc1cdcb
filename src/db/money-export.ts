import { and, asc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { creditNoteLines, creditNotes, invoiceLines, invoices, payments } from './schema';

/**
 * The accountant's export, read in batches in a stable order (keyset on the time and the id) so
 * it streams whatever the number of invoices: issued invoices (never drafts) with their lines,
 * credit notes with theirs and the invoice they cancel, and payments with their invoice's number.
 */

export interface Keyset {
  at: number;
  id: string;
}

const after = (cursor: Keyset | null) =>
  cursor ? or(gt(invoices.issuedAt, cursor.at), and(eq(invoices.issuedAt, cursor.at), gt(invoices.id, cursor.id))) : undefined;

export async function issuedInvoicesForExport(db: Db, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(isNotNull(invoices.number), isNotNull(invoices.issuedAt), after(cursor)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(limit);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  return rows.map((invoice) => ({ invoice, lines: lines.filter((line) => line.invoiceId === invoice.id) }));
}

export async function creditNotesForExport(db: Db, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      cursor
        ? or(gt(creditNotes.issuedAt, cursor.at), and(eq(creditNotes.issuedAt, cursor.at), gt(creditNotes.id, cursor.id)))
        : undefined,
    )
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .limit(limit);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(creditNoteLines)
          .where(
            inArray(
              creditNoteLines.creditNoteId,
              rows.map((row) => row.note.id),
            ),
          )
          .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.creditNoteId === row.note.id) }));
}

export function paymentsForExport(db: Db, cursor: Keyset | null, limit: number) {
  return db
    .select({ payment: payments, number: invoices.number, customerName: invoices.customerName })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      cursor
        ? or(gt(payments.createdAt, cursor.at), and(eq(payments.createdAt, cursor.at), gt(payments.id, cursor.id)))
        : undefined,
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
}
