import { addDays, daysBetween } from './invoice-dates';
import { amountDue, type InvoiceMoney } from './invoice-state';
import { divideHalfUp, formatPence } from './money';

/**
 * When an invoice is due, its time of supply, and what a business customer owes for paying late.
 * Pure and browser-safe; days are UK calendar days ('YYYY-MM-DD').
 */

/** The owner's payment terms: days from issue, 0 being "on completion" (due the day it is issued). */
export const DEFAULT_TERMS_DAYS = 14;
export const MAX_TERMS_DAYS = 120;

export const termsLabel = (termsDays: number) =>
  termsDays === 0 ? 'Payment due on completion' : `Payment due within ${termsDays} days`;

/** The due day of an invoice issued on `issuedDay`. */
export const dueDay = (issuedDay: string, termsDays: number) => addDays(issuedDay, termsDays);

/**
 * The time of supply (tax point) of a final invoice: the day the work was done, unless the invoice
 * is issued within 14 days of it, when the issue day is. A deposit's is the day it is paid, so it
 * has none until then (null).
 */
export function taxPointDay(kind: 'final' | 'deposit', issuedDay: string, suppliedDay: string | null): string | null {
  if (kind === 'deposit') return null;
  if (suppliedDay === null || suppliedDay > issuedDay) return issuedDay;
  return daysBetween(suppliedDay, issuedDay) <= 14 ? issuedDay : suppliedDay;
}

/**
 * The fixed sum a business may claim on a late commercial debt (Late Payment of Commercial Debts
 * (Interest) Act 1998, as amended in 2013): £40 under £1,000, £70 under £10,000, else £100.
 */
export function lateFixedSumPence(debtPence: number): number {
  if (debtPence < 100_000) return 4_000;
  if (debtPence < 1_000_000) return 7_000;
  return 10_000;
}

/** The customer's reminders of an invoice still owed: on its due day, then 7 and 14 days overdue. */
export const INVOICE_REMINDERS = [
  { which: 'due', days: 0 },
  { which: 'overdue-7', days: 7 },
  { which: 'overdue-14', days: 14 },
] as const;
export type InvoiceReminder = (typeof INVOICE_REMINDERS)[number]['which'];

/** The statutory rate: 8% over the Bank of England base rate, in hundredths of a percent. */
const statutoryRateBp = (baseRateBp: number) => 800 + baseRateBp;

/**
 * Simple interest at the statutory rate on what is owed, for each day past the due day, rounded
 * half-up to the penny. Days are capped at ten years so the figure stays an exact integer.
 */
export function lateInterestPence(debtPence: number, baseRateBp: number, daysLate: number): number {
  const days = Math.min(Math.max(0, daysLate), 3_650);
  return divideHalfUp(debtPence * statutoryRateBp(baseRateBp) * days, 10_000 * 365);
}

/** What a business customer may be asked for on an overdue invoice, on the day it is read. */
export interface LatePayment {
  interestPence: number;
  fixedSumPence: number;
  ratePercent: string;
}

/**
 * The statutory claim on an invoice `daysOverdue` days late: only for a business customer and
 * only when the owner turned it on; undefined otherwise, and before the invoice is overdue.
 */
export function latePaymentOf(
  invoice: InvoiceMoney & { business: boolean },
  settings: { latePaymentInterest: boolean; baseRateBp: number },
  daysOverdue: number,
): LatePayment | undefined {
  if (!(invoice.business && settings.latePaymentInterest && daysOverdue > 0)) return undefined;
  const due = amountDue(invoice);
  return {
    interestPence: lateInterestPence(due, settings.baseRateBp, daysOverdue),
    fixedSumPence: lateFixedSumPence(due),
    ratePercent: (statutoryRateBp(settings.baseRateBp) / 100).toFixed(2).replace(/\.?0+$/, ''),
  };
}

/** The claim in words, as the invoice and its overdue reminders print it. */
export const latePaymentWords = (late: LatePayment) =>
  `This invoice is overdue. Under the Late Payment of Commercial Debts (Interest) Act 1998 we may claim interest at ${late.ratePercent}% a year (${formatPence(late.interestPence)} so far) and a fixed sum of ${formatPence(late.fixedSumPence)}.`;
