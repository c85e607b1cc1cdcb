import type { DepositInvoice } from '../db/deposit-invoices';
import type { QuoteWithLines } from '../db/quotes';
import { quoteFigures } from '../quotes/quote-figures';
import type { InvoiceLineInput } from '../rules/invoice-form';
import { VAT_RATE_LABELS } from '../rules/money';
import { depositParts, invoiceTotals, partsLess, type QuoteChoices, type RatePart } from '../rules/money-lines';
import { chargedLines } from './charged-lines';

/**
 * Deposits, so the books balance across documents: the deposit invoice bills the deposit the
 * customer accepted, split by the accepted total's VAT rates (its VAT declared once, there), and
 * the final invoice bills the whole job and takes each deposit off at its own net and VAT per rate,
 * so the VAT of the two together is the VAT of the job to the penny.
 */

/** The quote's lines as its customer accepted them (the optional lines ticked, the alternatives taken). */
export function acceptedLinesOf(found: QuoteWithLines) {
  const choices: QuoteChoices = found.acceptance
    ? (JSON.parse(found.acceptance.choices) as QuoteChoices)
    : { optional: [], groups: {} };
  return quoteFigures(found, choices).lines.filter((line) => line.included);
}

const rateWords = (parts: readonly RatePart[], part: RatePart) =>
  parts.length > 1 ? `, the part at ${VAT_RATE_LABELS[part.rate]}` : '';

/** One line per rate, its VAT set (not worked out again from the net): the parts add up to the amount. */
const fixedLines = (parts: readonly RatePart[], words: (part: RatePart) => string, sign: 1 | -1): InvoiceLineInput[] =>
  parts.map((part) => ({
    description: `${words(part)}${rateWords(parts, part)}`,
    kind: 'other',
    quantityMilli: 1000,
    unitPence: sign * part.net,
    vatRate: part.rate,
    vatPence: sign * part.vat,
  }));

/** The deposit invoice's lines: the deposit the customer accepted, by the accepted lines' rates. None when no deposit was asked. */
export function depositLinesOf(found: QuoteWithLines): InvoiceLineInput[] {
  const deposit = found.acceptance?.depositPence ?? 0;
  if (deposit <= 0) return [];
  const accepted = invoiceTotals(acceptedLinesOf(found));
  const parts = depositParts(accepted.byRate, deposit);
  return fixedLines(parts, () => `Deposit on quote ${found.quote.number ?? ''}`.trim(), 1);
}

/** What is left of a deposit invoice after its credit notes, by rate, as it charged them. */
function depositLeft(deposit: DepositInvoice): RatePart[] {
  const charged = chargedLines({ invoice: deposit, lines: deposit.lines });
  const credited = invoiceTotals(chargedLines({ invoice: deposit, lines: deposit.credited }));
  return partsLess(invoiceTotals(charged).byRate, credited.byRate).filter((part) => part.net !== 0 || part.vat !== 0);
}

/** The final invoice's lines that take each deposit invoice off, at its own net and VAT per rate. */
export function lessDepositLines(deposits: readonly DepositInvoice[]): InvoiceLineInput[] {
  return deposits.flatMap((deposit) =>
    fixedLines(depositLeft(deposit), () => `Less deposit invoiced, ${deposit.number ?? 'deposit invoice'}`, -1),
  );
}
