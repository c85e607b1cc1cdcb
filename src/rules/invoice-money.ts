import { divideHalfUp, type PricedLine, quoteTotals, type VatRate, vatPercent } from './quote-money';

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
  /** VAT set on the line (a deposit's part, or taking one off); absent or null: net × rate, half-up. */
  vatPence?: number | null;
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
  const computed = quoteTotals(priced, { optional: [], groups: {} }).lines;
  const figures = computed.map(({ net, vat }, index) => {
    const set = lines[index]!.vatPence;
    const lineVat = set === undefined || set === null || lines[index]!.vatRate === 'none' ? vat : set;
    return { net, vat: lineVat, gross: net + lineVat };
  });
  const byRate = new Map<VatRate, { rate: VatRate; net: number; vat: number }>();
  figures.forEach((line, index) => {
    const rate = lines[index]!.vatRate;
    const sum = byRate.get(rate) ?? { rate, net: 0, vat: 0 };
    byRate.set(rate, { rate, net: sum.net + line.net, vat: sum.vat + line.vat });
  });
  const sum = (pick: (line: (typeof figures)[number]) => number) => figures.reduce((acc, line) => acc + pick(line), 0);
  return {
    lines: figures,
    net: sum((l) => l.net),
    vat: sum((l) => l.vat),
    gross: sum((l) => l.gross),
    byRate: [...byRate.values()],
  };
}

/** Figures at one VAT rate: a part of a deposit, or what is left of one. */
export interface RatePart {
  rate: VatRate;
  net: number;
  vat: number;
}

/**
 * A deposit split by the VAT rates of the total it is part of: each rate's share of the deposit in
 * proportion to that rate's gross (largest remainder, so the shares add up to the deposit to the
 * penny), and each share's VAT its VAT fraction (rate / (100 + rate)), half-up, the net the rest.
 * A share that is the whole of its rate takes that rate's own net and VAT, so a deposit of the whole
 * job declares exactly the job's VAT.
 */
export function depositParts(total: readonly RatePart[], depositPence: number): RatePart[] {
  const rates = total.filter((part) => part.net + part.vat > 0);
  const gross = rates.reduce((acc, part) => acc + part.net + part.vat, 0);
  if (gross <= 0 || depositPence <= 0) return [];
  const deposit = Math.min(depositPence, gross);
  const exact = rates.map((part) => (deposit * (part.net + part.vat)) / gross);
  const shares = exact.map(Math.floor);
  let left = deposit - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return rates
    .map((part, index) => {
      const share = shares[index]!;
      if (share === part.net + part.vat) return { rate: part.rate, net: part.net, vat: part.vat };
      const percent = vatPercent(part.rate);
      const vat = divideHalfUp(share * percent, 100 + percent);
      return { rate: part.rate, net: share - vat, vat };
    })
    .filter((part) => part.net + part.vat > 0);
}

/** Figures by rate less others by rate (what is left of a deposit after its credit notes). */
export function partsLess(parts: readonly RatePart[], less: readonly RatePart[]): RatePart[] {
  return parts.map((part) => {
    const taken = less.filter((other) => other.rate === part.rate);
    const net = part.net - taken.reduce((acc, other) => acc + other.net, 0);
    const vat = part.vat - taken.reduce((acc, other) => acc + other.vat, 0);
    return { rate: part.rate, net, vat };
  });
}

/** HMRC's limit for a simplified VAT invoice: £250 including VAT. */
const SIMPLIFIED_LIMIT_PENCE = 25_000;

/** Whether an invoice may be the simplified kind: the owner allows it and it is £250 or less with VAT. */
export const maySimplify = (grossPence: number, ownerAllows: boolean) => ownerAllows && grossPence <= SIMPLIFIED_LIMIT_PENCE;
