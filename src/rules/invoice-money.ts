import { type PricedLine, quoteTotals, type VatRate } from './quote-money';

/**
 * An invoice's money, by the quotes' rule (`quoteTotals`): each line's net is its quantity times
 * its unit price, and its VAT is that net times the rate, each rounded half-up to the penny on the
 * line; the invoice's net, VAT and gross are the sums of its lines. HMRC allows VAT worked out
 * line by line and rounded to the nearest penny (VAT Notice 700, 17.5): so the VAT on the page is
 * the sum of the VAT the lines show, never a second rounding of the total. Browser-safe.
 */

export interface InvoiceLineMoney {
  quantityMilli: number;
  unitPence: number;
  vatRate: VatRate;
}

export interface InvoiceTotals {
  lines: { net: number; vat: number; gross: number }[];
  net: number;
  vat: number;
  gross: number;
  /** Net and VAT by rate, for the VAT summary a VAT invoice shows. */
  byRate: { rate: VatRate; net: number; vat: number }[];
}

export function invoiceTotals(lines: readonly InvoiceLineMoney[]): InvoiceTotals {
  const priced: PricedLine[] = lines.map((line) => ({ ...line, optional: false, group: '' }));
  const totals = quoteTotals(priced, { optional: [], groups: {} });
  const byRate = new Map<VatRate, { rate: VatRate; net: number; vat: number }>();
  totals.lines.forEach((line, index) => {
    const rate = lines[index]!.vatRate;
    const sum = byRate.get(rate) ?? { rate, net: 0, vat: 0 };
    byRate.set(rate, { rate, net: sum.net + line.net, vat: sum.vat + line.vat });
  });
  return {
    lines: totals.lines.map(({ net, vat, gross }) => ({ net, vat, gross })),
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
    byRate: [...byRate.values()],
  };
}

/** HMRC's limit for a simplified VAT invoice: £250 including VAT. */
const SIMPLIFIED_LIMIT_PENCE = 25_000;

/** Whether an invoice may be the simplified kind: the owner allows it and it is £250 or less with VAT. */
export const maySimplify = (grossPence: number, ownerAllows: boolean) => ownerAllows && grossPence <= SIMPLIFIED_LIMIT_PENCE;
