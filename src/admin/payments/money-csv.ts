import type { CreditNote, CreditNoteLine, Invoice, InvoiceLine, Payment } from '../../db/schema';
import { chargedLines } from '../../invoices/charged-lines';
import { londonDay } from '../../rules/invoice-dates';
import type { VatRate } from '../../rules/money';
import { invoiceTotals } from '../../rules/money-lines';
import { PAYMENT_METHOD_WORDS } from '../../rules/payment-method';
import { csvCell } from '../shell/csv-download';

/**
 * The accountant's CSVs, in the columns Xero's sales invoice import reads (QuickBooks maps the
 * same names when importing invoices): one row per line, the invoice's details repeated on each.
 * A credit note is rows of negative quantity under its own number (Xero imports a negative
 * invoice as a credit note). Amounts are net (tax exclusive) with the line's VAT; dates are
 * dd/mm/yyyy as UK Xero reads them. Payments are a second file: the day, the amount (a refund
 * negative), the invoice it pays as the reference, and how.
 */

export const SALES_CSV_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POPostalCode',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'Currency',
];

export const PAYMENTS_CSV_HEADER = ['Date', 'Amount', 'Payee', 'Description', 'Reference', 'Method'];

/** Xero's UK chart of accounts: 200 is Sales. */
const SALES_ACCOUNT = '200';

const TAX_TYPES: Record<VatRate, string> = {
  '20': '20% (VAT on Income)',
  '5': '5% (VAT on Income)',
  '0': 'Zero Rated Income',
  none: 'No VAT',
};

/**
 * A number we wrote: quoted but never given the formula guard's apostrophe (a leading minus is a
 * refund or a credit here, not a formula), which an import would not read as a number.
 */
class Figure {
  constructor(readonly text: string) {}
}
const pounds = (pence: number) => new Figure((pence / 100).toFixed(2));
const quantity = (milli: number) => new Figure(String(milli / 1000));
const csvRow = (cells: readonly (string | Figure)[]) =>
  `${cells.map((cell) => (cell instanceof Figure ? `"${cell.text}"` : csvCell(cell))).join(',')}\r\n`;
const ukDate = (ms: number | null) => {
  if (ms === null) return '';
  const [year, month, day] = londonDay(ms).split('-');
  return `${day}/${month}/${year}`;
};
const postcodeOf = (address: string) => /[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\s*$/i.exec(address)?.[0]?.trim().toUpperCase() ?? '';

type Line = Pick<InvoiceLine | CreditNoteLine, 'description' | 'quantityMilli' | 'unitPence' | 'vatRate' | 'vatPence'>;

function salesRows(
  invoice: Invoice,
  number: string,
  date: number | null,
  lines: readonly Line[],
  sign: 1 | -1,
  reference: string,
) {
  // As charged: an invoice that charged no VAT declares none, whatever rate a line was written at.
  const charged = chargedLines({ invoice, lines });
  const totals = invoiceTotals(charged);
  // One total on every row of a document: what it bills (a final invoice from before deposits were
  // lines took its deposit off as one more row, with no VAT).
  const legacyDeposit = sign === 1 ? invoice.lessDepositPence : 0;
  const total = pounds(sign * (totals.gross - legacyDeposit));
  const head = [
    invoice.customerName,
    invoice.customerEmail,
    invoice.customerAddress,
    postcodeOf(invoice.customerAddress),
    number,
    reference,
    ukDate(date),
    ukDate(sign === 1 ? invoice.dueAt : date),
    total,
  ];
  const rows = charged.map((line, index) =>
    csvRow([
      ...head,
      line.description,
      quantity(sign * line.quantityMilli),
      pounds(line.unitPence),
      SALES_ACCOUNT,
      TAX_TYPES[line.vatRate],
      pounds(sign * (totals.lines[index]?.vat ?? 0)),
      'GBP',
    ]),
  );
  if (legacyDeposit > 0)
    rows.push(
      csvRow([
        ...head,
        'Less deposit already invoiced',
        quantity(1000),
        pounds(-legacyDeposit),
        SALES_ACCOUNT,
        TAX_TYPES.none,
        pounds(0),
        'GBP',
      ]),
    );
  return rows.join('');
}

export const invoiceCsvRows = (invoice: Invoice, lines: readonly InvoiceLine[]) =>
  salesRows(invoice, invoice.number ?? '', invoice.issuedAt, lines, 1, invoice.kind === 'deposit' ? 'Deposit' : '');

export const creditNoteCsvRows = (note: CreditNote, invoice: Invoice, lines: readonly CreditNoteLine[]) =>
  salesRows(invoice, note.number, note.issuedAt, lines, -1, `Credit for ${invoice.number ?? ''}`.trim());

export const paymentCsvRow = (payment: Payment, number: string | null, customerName: string) => {
  const [year, month, day] = payment.paidOn.split('-');
  return csvRow([
    `${day}/${month}/${year}`,
    pounds(payment.amountPence),
    customerName,
    `${payment.amountPence < 0 ? 'Refund' : 'Payment'} of ${number ?? 'an invoice'}`,
    number ?? '',
    PAYMENT_METHOD_WORDS[payment.method],
  ]);
};
