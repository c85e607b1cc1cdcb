import type { VatRate } from '../rules/money';

/**
 * An invoice's lines as charged: with their VAT rates when the invoice charges VAT, else each at
 * 'none' (a draft's lines may carry rates written while the business was VAT-registered). The
 * document, the e-mail and the issuing totals all read the lines through this.
 */
export const chargedLines = <Line extends { vatRate: VatRate }>({
  invoice,
  lines,
}: {
  invoice: { vatRegistered: boolean };
  lines: readonly Line[];
}): Line[] => (invoice.vatRegistered ? [...lines] : lines.map((line) => ({ ...line, vatRate: 'none' as const })));
