/**
 * Money, exact, in one place beneath the quotes, invoices and payments: integer pence, VAT rates,
 * rounding half-up, and money written and read as people write it. Line totals, choices and
 * deposits are `money-lines.ts`. Browser-safe.
 */

/** A line's VAT rate in percent; 'none' while the business is not VAT-registered. */
export const VAT_RATES = ['20', '5', '0', 'none'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_RATE_LABELS: Record<VatRate, string> = { '20': '20% VAT', '5': '5% VAT', '0': '0% VAT', none: 'No VAT' };

export const vatPercent = (rate: VatRate) => (rate === 'none' ? 0 : Number(rate));

/** a / b rounded half-up, for a ≥ 0 and b > 0 (integers). */
export function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
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

/** '12.50': pence as a money field shows them (no pound sign, no thousands). */
export const poundsText = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** '£1,234' for whole pounds, else '£1,234.50': a job's value in a sentence. */
export function formatPenceBrief(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  const whole = pounds.toLocaleString('en-GB');
  return rest === 0 ? `£${whole}` : `£${whole}.${String(rest).padStart(2, '0')}`;
}

/** A price the owner keeps in pounds (a service's "from" price) as pence. */
export const penceOfPounds = (pounds: number) => Math.round(pounds * 100);
