/**
 * A quote's money, exact: integer pence, quantities in thousandths, VAT per line. Each line's net
 * and VAT are rounded half-up on their own and the quote's figures are the sums of its lines, so
 * the lines a customer reads always add up to the total they accept. Browser-safe.
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

/** A line's VAT rate in percent; 'none' while the business is not VAT-registered. */
export const VAT_RATES = ['20', '5', '0', 'none'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_RATE_LABELS: Record<VatRate, string> = { '20': '20% VAT', '5': '5% VAT', '0': '0% VAT', none: 'No VAT' };

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

/** a / b rounded half-up, for a ≥ 0 and b > 0 (integers). */
export function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export const vatPercent = (rate: VatRate) => (rate === 'none' ? 0 : Number(rate));

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

/** £1,234.50 */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1500 → '1.5' */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const rest = milli % 1000;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
}

/** '12.5' or '£1,012.50' → pence; null when it is not an amount of money with at most 2 decimals. */
export function parsePence(value: string): number | null {
  const match = /^£?\s*(\d{1,7}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const pounds = Number(match[1]!.replace(/,/g, ''));
  const pence = match[2] === undefined ? 0 : Number(match[2].padEnd(2, '0'));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}

/** '1.5' → 1500; null unless a positive number with at most 3 decimals. */
export function parseQuantity(value: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + (match[2] === undefined ? 0 : Number(match[2].padEnd(3, '0')));
  return milli > 0 ? milli : null;
}
