import { and, asc, eq, gt, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
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

/** Rows after the cursor in the order (time, id): one keyset for the three lists. */
const after = (cursor: Keyset | null, at: SQLiteColumn, id: SQLiteColumn): SQL | undefined =>
  cursor ? or(gt(at, cursor.at), and(eq(at, cursor.at), gt(id, cursor.id))) : undefined;

/** The lines of a batch's documents, read in id lists D1 accepts (a batch holds more ids than one statement may bind). */
async function linesOf<Line>(ids: readonly string[], read: (chunk: string[]) => Promise<Line[]>): Promise<Line[]> {
  const chunks = await Promise.all(chunksOf(ids).map(read));
  return chunks.flat();
}

export async function issuedInvoicesForExport(db: Db, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(isNotNull(invoices.number), isNotNull(invoices.issuedAt), after(cursor, invoices.issuedAt, invoices.id)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(limit);
  const lines = await linesOf(
    rows.map((row) => row.id),
    (ids) =>
      db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),
  );
  return rows.map((invoice) => ({ invoice, lines: lines.filter((line) => line.invoiceId === invoice.id) }));
}

export async function creditNotesForExport(db: Db, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(after(cursor, creditNotes.issuedAt, creditNotes.id))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .limit(limit);
  const lines = await linesOf(
    rows.map((row) => row.note.id),
    (ids) =>
      db
        .select()
        .from(creditNoteLines)
        .where(inArray(creditNoteLines.creditNoteId, ids))
        .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position)),
  );
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.creditNoteId === row.note.id) }));
}

export function paymentsForExport(db: Db, cursor: Keyset | null, limit: number) {
  return db
    .select({ payment: payments, number: invoices.number, customerName: invoices.customerName })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(after(cursor, payments.createdAt, payments.id))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
}
