import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { creditNotesForExport, issuedInvoicesForExport, type Keyset, paymentsForExport } from '../../db/money-export';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { csvDownload } from '../shell/csv-download';
import type { AdminEnv } from '../shell/render';
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
const nextOf = <T,>(rows: readonly T[], keyOf: (row: T) => Keyset) => (rows.length < BATCH ? null : keyOf(rows.at(-1)!));

moneyExportRoutes.get(SALES_CSV_PATH, async (c) => {
  await audit(c, 'money-exported', 'invoices', 'sales');
  const db = d1Database(c.env);
  return csvDownload<Keyset>('invoices-and-credit-notes', SALES_CSV_HEADER, [
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
  return csvDownload<Keyset>('payments', PAYMENTS_CSV_HEADER, [
    async (cursor) => {
      const rows = await paymentsForExport(db, cursor, BATCH);
      return {
        text: rows.map((row) => paymentCsvRow(row.payment, row.number, row.customerName)).join(''),
        next: nextOf(rows, (row) => ({ at: row.payment.createdAt, id: row.payment.id })),
      };
    },
  ]);
});
