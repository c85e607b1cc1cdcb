import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { creditNotesForExport, issuedInvoicesForExport, type Keyset, paymentsForExport } from '../../db/money-export';
import { londonDay } from '../../rules/uk-time';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { csvRow } from '../leads/csv';
import { ADMIN_HEADERS, type AdminEnv } from '../shell/render';
import { creditNoteCsvRows, invoiceCsvRows, PAYMENTS_CSV_HEADER, paymentCsvRow, SALES_CSV_HEADER } from './money-csv';
import { PAYMENTS_CSV_PATH, SALES_CSV_PATH } from './paths';

/**
 * The accountant's exports, the owner's: invoices and credit notes (one file, Xero's sales import
 * columns) and payments (another), streamed in batches like the leads' export. Audited; nothing
 * about a customer is logged.
 */
export const moneyExportRoutes = new Hono<AdminEnv>();
declareAccess(moneyExportRoutes, { who: 'owner' });

const BATCH = 200;
const encoder = new TextEncoder();

/** A CSV streamed from batches: each `read` gives its rows' text and the cursor after them (null: the last). */
function streamed(
  c: Context<AdminEnv>,
  name: string,
  header: string[],
  parts: ((cursor: Keyset | null) => Promise<{ text: string; next: Keyset | null }>)[],
) {
  let part = 0;
  let cursor: Keyset | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      const read = parts[part];
      if (!read) return controller.close();
      const { text, next } = await read(cursor);
      if (text) controller.enqueue(encoder.encode(text));
      cursor = next;
      if (!next) part += 1;
    },
  });
  // The owner's date (UK): not UTC's, a day behind after midnight in summer.
  const date = londonDay(Date.now());
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${date}.csv"`,
    ...ADMIN_HEADERS,
  });
}

const nextOf = <T,>(rows: readonly T[], keyOf: (row: T) => Keyset) => (rows.length < BATCH ? null : keyOf(rows.at(-1)!));

moneyExportRoutes.get(SALES_CSV_PATH, async (c) => {
  await audit(c, 'money-exported', 'invoices', 'sales');
  const db = d1Database(c.env);
  return streamed(c, 'invoices-and-credit-notes', SALES_CSV_HEADER, [
    async (cursor) => {
      const rows = await issuedInvoicesForExport(db, cursor, BATCH);
      return {
        text: rows.map((row) => invoiceCsvRows(row.invoice, row.lines)).join(''),
        next: nextOf(rows, (row) => ({ at: row.invoice.issuedAt ?? 0, id: row.invoice.id })),
      };
    },
    async (cursor) => {
      const rows = await creditNotesForExport(db, cursor, BATCH);
      return {
        text: rows.map((row) => creditNoteCsvRows(row.note, row.invoice, row.lines)).join(''),
        next: nextOf(rows, (row) => ({ at: row.note.issuedAt, id: row.note.id })),
      };
    },
  ]);
});

moneyExportRoutes.get(PAYMENTS_CSV_PATH, async (c) => {
  await audit(c, 'money-exported', 'payments', 'payments');
  const db = d1Database(c.env);
  return streamed(c, 'payments', PAYMENTS_CSV_HEADER, [
    async (cursor) => {
      const rows = await paymentsForExport(db, cursor, BATCH);
      return {
        text: rows.map((row) => paymentCsvRow(row.payment, row.number, row.customerName)).join(''),
        next: nextOf(rows, (row) => ({ at: row.payment.createdAt, id: row.payment.id })),
      };
    },
  ]);
});
