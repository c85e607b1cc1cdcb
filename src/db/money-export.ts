import { and, asc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { creditNoteLines, creditNotes, invoiceLines, invoices, payments } from './schema';

/**
 * The accountant's export of one period (issue 56), read in batches in a stable order (keyset on
 * the time and the id) so it streams whatever the number of invoices: issued invoices (never
 * drafts) with their lines and credit notes with theirs and the invoice they cancel, by when they
 * were issued; payments with their invoice's number, by the day the money moved.
 */

/** A batch's place: the last row's time (an instant, or a payment's 'YYYY-MM-DD' day) and id. */
export interface Keyset<At extends number | string = number> {
  at: At;
  id: string;
}

/** The period's bounds on the list's time: from `from`, up to but not including `to`. */
export interface Span<At extends number | string = number> {
  from: At;
  to: At;
}

/**
 * The period's rows after the cursor in the order (time, id): one keyset for the three lists,
 * written as a row value so SQLite starts each batch at the cursor's place in the (time, id)
 * index (the first at the period's start) and stops at the batch's end or the period's, instead
 * of reading every later row to sort them.
 */
const inSpan = <At extends number | string>(
  span: Span<At>,
  cursor: Keyset<At> | null,
  at: SQLiteColumn,
  id: SQLiteColumn,
): SQL | undefined => and(cursor ? sql`(${at}, ${id}) > (${cursor.at}, ${cursor.id})` : gte(at, span.from), lt(at, span.to));

/**
 * A batch's documents, each with its lines in order: read in id lists D1 accepts (a batch holds
 * more ids than one statement may bind), then given to the document they belong to.
 */
async function withLines<Row extends object, Line>(
  rows: readonly Row[],
  idOf: (row: Row) => string,
  read: (ids: string[]) => Promise<Line[]>,
  ownerOf: (line: Line) => string,
): Promise<(Row & { lines: Line[] })[]> {
  const byOwner = new Map<string, Line[]>();
  for (const chunk of await Promise.all(chunksOf(rows.map(idOf)).map(read))) {
    for (const line of chunk) byOwner.set(ownerOf(line), [...(byOwner.get(ownerOf(line)) ?? []), line]);
  }
  return rows.map((row) => ({ ...row, lines: byOwner.get(idOf(row)) ?? [] }));
}

export async function issuedInvoicesForExport(db: Db, span: Span, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select({ invoice: invoices })
    .from(invoices)
    .where(and(isNotNull(invoices.number), isNotNull(invoices.issuedAt), inSpan(span, cursor, invoices.issuedAt, invoices.id)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(limit);
  return withLines(
    rows,
    (row) => row.invoice.id,
    (ids) =>
      db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),
    (line) => line.invoiceId,
  );
}

export async function creditNotesForExport(db: Db, span: Span, cursor: Keyset | null, limit: number) {
  const rows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(inSpan(span, cursor, creditNotes.issuedAt, creditNotes.id))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .limit(limit);
  return withLines(
    rows,
    (row) => row.note.id,
    (ids) =>
      db
        .select()
        .from(creditNoteLines)
        .where(inArray(creditNoteLines.creditNoteId, ids))
        .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position)),
    (line) => line.creditNoteId,
  );
}

export function paymentsForExport(db: Db, span: Span<string>, cursor: Keyset<string> | null, limit: number) {
  return db
    .select({ payment: payments, number: invoices.number, customerName: invoices.customerName })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(inSpan(span, cursor, payments.paidOn, payments.id))
    .orderBy(asc(payments.paidOn), asc(payments.id))
    .limit(limit);
}
