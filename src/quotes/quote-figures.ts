import type { QuoteWithLines } from '../db/quotes';
import { vatPercent } from '../rules/money';
import { defaultChoices, type QuoteChoices, quoteTotals } from '../rules/money-lines';

/**
 * A quote's lines with their figures as a reader is shown them: a consumer sees each line with
 * VAT, a business before VAT (with the VAT added at the foot). Totals are always the server's.
 */
export function quoteFigures({ quote, lines }: QuoteWithLines, choices: QuoteChoices) {
  const totals = quoteTotals(lines, choices);
  return {
    ...totals,
    lines: lines.map((line, index) => {
      const figure = totals.lines[index]!;
      return {
        ...line,
        ...figure,
        index,
        shown: quote.business ? figure.net : figure.gross,
        vatPercent: vatPercent(line.vatRate),
      };
    }),
  };
}

export const defaultChoicesOf = ({ lines }: QuoteWithLines) => defaultChoices(lines);
