import { parsePence, parseQuantity, VAT_RATES, type VatRate } from './money';
import { defaultChoices, depositOf, type PricedLine, type QuoteTotals, quoteTotals } from './money-lines';
import { linesFromForm } from './quote-form';

/**
 * The quote editor's totals as the fields stand, typed or saved: the editor's island works them
 * out in the browser as the owner types, and the server renders the same on the page, both from
 * these rules and `quoteTotals`, so the figures never differ from what is saved. The customer's
 * choices are the quote's starting ones (nothing optional ticked, each group's first line). A
 * line whose quantity or price is not a number yet counts for nothing, and says so. Browser-safe.
 */

export interface EditorTotals extends QuoteTotals {
  /** Per line (in the order of the lines posted): whether its quantity and price could be read. */
  readable: boolean[];
  deposit: number;
}

/** The editor's fields by name (`line.N.field`, `depositKind`, `deposit`), as a form posts them. */
export function editorTotals(fields: Record<string, unknown>): EditorTotals {
  const raw = linesFromForm(fields);
  const readable: boolean[] = [];
  const lines: PricedLine[] = raw.map((line) => {
    const quantityMilli = parseQuantity(line.quantity?.trim() ? line.quantity : '1');
    const unitPence = parsePence(line.price ?? '');
    readable.push(quantityMilli !== null && unitPence !== null);
    const group = (line.group ?? '').trim();
    return {
      quantityMilli: quantityMilli ?? 0,
      unitPence: unitPence ?? 0,
      vatRate: VAT_RATES.includes(line.vat as VatRate) ? (line.vat as VatRate) : '20',
      optional: (line.optional ?? '') !== '' && group === '',
      group,
    };
  });
  const totals = quoteTotals(lines, defaultChoices(lines));
  const asked = typeof fields.deposit === 'string' ? fields.deposit.trim() : '';
  const percent = fields.depositKind === 'percent' && /^\d{1,3}$/.test(asked) ? Math.min(Number(asked), 100) : null;
  const pence = fields.depositKind === 'amount' ? parsePence(asked) : null;
  return { ...totals, readable, deposit: depositOf(totals.gross, { depositPercent: percent, depositPence: pence }) };
}
