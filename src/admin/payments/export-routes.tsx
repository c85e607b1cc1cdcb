import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { creditNotesForExport, issuedInvoicesForExport, type Keyset, paymentsForExport } from '../../db/money-export';
import { ukDayStart } from '../../rules/invoice-dates';
import { type MoneyPeriod, readMoneyPeriod } from '../../rules/money-periods';
import { londonDay } from '../../rules/uk-time';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { csvDownload } from '../shell/csv-download';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { MoneyExportForm } from './MoneyExportForm';
import { creditNoteCsvRows, invoiceCsvRows, PAYMENTS_CSV_HEADER, paymentCsvRow, SALES_CSV_HEADER } from './money-csv';
import { PAYMENTS_CSV_PATH, SALES_CSV_PATH } from './paths';

/**
 * The accountant's exports, the owner's: invoices and credit notes (one file, Xero's sales import
 * columns) and payments (another), of one period (`?period=`: a month, a quarter or a tax year,
 * issue 56), streamed in batches like the leads' export. Invoices and credit notes by when they
 * were issued (from UK midnight to UK midnight), payments by the day the money moved. A period
 * missing or unread is answered 400 with the choices again, never a file. Audited; nothing about
 * a customer is logged.
 */
export const moneyExportRoutes = new Hono<AdminEnv>();
declareAccess(moneyExportRoutes, { who: 'owner' });

const BATCH = 200;
const nextOf = <T, At extends number | string>(rows: readonly T[], keyOf: (row: T) => Keyset<At>) =>
  rows.length < BATCH ? null : keyOf(rows.at(-1)!);

/** The period asked for, or the page saying it could not be read (with the form to choose one). */
function periodOf(c: Context<AdminEnv>): { period: MoneyPeriod } | { refused: Response | Promise<Response> } {
  const asked = c.req.query('period');
  const period = readMoneyPeriod(asked);
  if (period) return { period };
  const message =
    asked === undefined || asked === ''
      ? 'Choose the period to export: a month, a quarter or a tax year.'
      : 'That period could not be read. Choose a month (for example 2026-11), a quarter (2026-Q4) or a tax year (2026-27).';
  return {
    refused: renderAdmin(
      <MessagePage heading="Choose a period to export">
        <p>{message}</p>
        <MoneyExportForm today={londonDay(Date.now())} />
      </MessagePage>,
      signedIn(c, 'Export for your accountant', 'dashboard'),
      400,
    ),
  };
}

/** The file's name: what it holds, the period, and the UK day it was made. */
const fileName = (what: string, period: MoneyPeriod) => `${what}-${period.slug}-on`;

moneyExportRoutes.get(SALES_CSV_PATH, async (c) => {
  const asked = periodOf(c);
  if ('refused' in asked) return asked.refused;
  const { period } = asked;
  await audit(c, 'money-exported', 'invoices', period.value);
  const db = d1Database(c.env);
  const span = { from: ukDayStart(period.firstDay), to: ukDayStart(period.nextDay) };
  return csvDownload<Keyset>(fileName('invoices-and-credit-notes', period), SALES_CSV_HEADER, [
    async (cursor) => {
      const rows = await issuedInvoicesForExport(db, span, cursor, BATCH);
      return {
        text: rows.map((row) => invoiceCsvRows(row.invoice, row.lines)).join(''),
        next: nextOf(rows, (row) => ({ at: row.invoice.issuedAt ?? 0, id: row.invoice.id })),
      };
    },
    async (cursor) => {
      const rows = await creditNotesForExport(db, span, cursor, BATCH);
      return {
        text: rows.map((row) => creditNoteCsvRows(row.note, row.invoice, row.lines)).join(''),
        next: nextOf(rows, (row) => ({ at: row.note.issuedAt, id: row.note.id })),
      };
    },
  ]);
});

moneyExportRoutes.get(PAYMENTS_CSV_PATH, async (c) => {
  const asked = periodOf(c);
  if ('refused' in asked) return asked.refused;
  const { period } = asked;
  await audit(c, 'money-exported', 'payments', period.value);
  const db = d1Database(c.env);
  const span = { from: period.firstDay, to: period.nextDay };
  return csvDownload<Keyset<string>>(fileName('payments', period), PAYMENTS_CSV_HEADER, [
    async (cursor) => {
      const rows = await paymentsForExport(db, span, cursor, BATCH);
      return {
        text: rows.map((row) => paymentCsvRow(row.payment, row.number, row.customerName)).join(''),
        next: nextOf(rows, (row) => ({ at: row.payment.paidOn, id: row.payment.id })),
      };
    },
  ]);
});
