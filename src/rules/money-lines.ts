import { divideHalfUp, type VatRate, vatPercent } from './money';

/**
 * Money on lines, exact: quantities in thousandths, each line's net and VAT rounded half-up on its
 * own and the totals the sums of the lines, so the lines a customer reads always add up to the total
 * (HMRC allows VAT worked out line by line, VAT Notice 700, 17.5). A quote's optional lines and
 * alternatives, the deposit it asks, an invoice's lines with VAT set on a deposit's part, and a
 * deposit split by rate. Browser-safe.
 */

export const LINE_KINDS = ['labour', 'materials', 'call-out', 'disposal', 'other'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_KIND_LABELS: Record<LineKind, string> = {
  labour: 'Labour',
  materials: 'Materials',
  'call-out': 'Call-out',
  disposal: 'Disposal',
  other: 'Other',
};

/** A line as priced: what the totals need. */
export interface PricedLine {
  /** Thousandths of a unit: 1.5 hours is 1500. */
  quantityMilli: number;
  unitPence: number;
  vatRate: VatRate;
  /** The customer may tick it (off until they do). */
  optional: boolean;
  /** Lines sharing a non-empty group are alternatives: exactly one is taken. */
  group: string;
}

/** What the customer chose: the optional lines ticked and, per group, the line taken (by index). */
export interface QuoteChoices {
  optional: readonly number[];
  groups: Readonly<Record<string, number>>;
}

interface LineTotal {
  net: number;
  vat: number;
  gross: number;
  included: boolean;
}

export interface QuoteTotals {
  lines: LineTotal[];
  net: number;
  vat: number;
  gross: number;
}

function lineTotal(line: PricedLine, included: boolean): LineTotal {
  const net = divideHalfUp(line.quantityMilli * line.unitPence, 1000);
  const vat = divideHalfUp(net * vatPercent(line.vatRate), 100);
  return { net, vat, gross: net + vat, included };
}

/** The choices a quote starts with: nothing optional ticked, each group's first line taken. */
export function defaultChoices(lines: readonly PricedLine[]): QuoteChoices {
  const groups: Record<string, number> = {};
  lines.forEach((line, index) => {
    if (line.group !== '' && groups[line.group] === undefined) groups[line.group] = index;
  });
  return { optional: [], groups };
}

/**
 * The choices as they can be: only optional lines may be ticked, and a group takes the line asked
 * for when it is one of its own, else its first. Whatever the browser sent, the result is valid.
 */
export function settleChoices(lines: readonly PricedLine[], asked: QuoteChoices): QuoteChoices {
  const fallback = defaultChoices(lines);
  const groups: Record<string, number> = {};
  for (const [group, first] of Object.entries(fallback.groups)) {
    const wanted = asked.groups[group];
    groups[group] = wanted !== undefined && lines[wanted]?.group === group ? wanted : first;
  }
  const optional = [...new Set(asked.optional)]
    .filter((index) => lines[index]?.optional === true && lines[index]?.group === '')
    .sort((a, b) => a - b);
  return { optional, groups };
}

function isIncluded(lines: readonly PricedLine[], index: number, choices: QuoteChoices): boolean {
  const line = lines[index];
  if (!line) return false;
  if (line.group !== '') return choices.groups[line.group] === index;
  return !line.optional || choices.optional.includes(index);
}

/** Every line's figures and the quote's: the sums of the lines included. */
export function quoteTotals(lines: readonly PricedLine[], asked: QuoteChoices): QuoteTotals {
  const choices = settleChoices(lines, asked);
  const totals = lines.map((line, index) => lineTotal(line, isIncluded(lines, index, choices)));
  const sum = (pick: (total: LineTotal) => number) => totals.reduce((acc, total) => acc + (total.included ? pick(total) : 0), 0);
  return { lines: totals, net: sum((t) => t.net), vat: sum((t) => t.vat), gross: sum((t) => t.gross) };
}

/** A deposit asked on acceptance: a whole percent of the total accepted, or a fixed amount in pence; neither when none. */
export interface DepositAsked {
  depositPercent: number | null;
  depositPence: number | null;
}

/** The deposit on a total: its percent rounded half-up, or the fixed amount but never more than the total; 0 when none. */
export function depositOf(gross: number, asked: DepositAsked): number {
  if (asked.depositPercent !== null) return divideHalfUp(gross * asked.depositPercent, 100);
  if (asked.depositPence !== null) return Math.min(asked.depositPence, gross);
  return 0;
}

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
