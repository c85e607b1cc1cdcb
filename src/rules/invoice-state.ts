/**
 * An invoice's life (issue 49): a draft is edited and has no number; issuing numbers it and it is
 * never edited again; payments make it part-paid then paid; a credit note for the whole of what is
 * left makes it credited. Overdue is not a stored state: it is read from the due date
 * (`invoiceStatus`). Browser-safe.
 */
import { daysBetween } from './invoice-dates';

export const INVOICE_STATES = ['draft', 'issued', 'part_paid', 'paid', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** A final invoice bills the work; a deposit invoice asks for part of an accepted quote up front. */
export const INVOICE_KINDS = ['final', 'deposit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState | 'overdue', string> = {
  draft: 'Draft',
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  credited: 'Credited',
  overdue: 'Overdue',
};

/** What an invoice's money stands at: the figures the state is read from. */
export interface InvoiceMoney {
  grossPence: number;
  /** Deposits already paid on the same job, taken off a final invoice. */
  lessDepositPence: number;
  amountPaidPence: number;
  amountCreditedPence: number;
}

/**
 * Where an invoice's money stands, the one rule every page, e-mail, list and export reads: what is
 * billed (less credit notes) against what was paid (less refunds). Positive: the customer owes it;
 * negative: more was paid than is billed, and that is a refund owed to the customer.
 */
export const balanceOf = (money: InvoiceMoney) =>
  money.grossPence - money.lessDepositPence - money.amountCreditedPence - money.amountPaidPence;

/** What the customer still owes (never below nothing). */
export const amountDue = (money: InvoiceMoney) => Math.max(0, balanceOf(money));

/** What is owed back to the customer: paid more than billed, or credited after paying (never below nothing). */
export const refundOwed = (money: InvoiceMoney) => Math.max(0, -balanceOf(money));

/** The balance as one line of a page, an e-mail or a list: what is due, or the refund owed when more was paid. */
export function balanceLine(money: InvoiceMoney): { term: 'Amount due' | 'Refund owed'; pence: number } {
  const owed = refundOwed(money);
  return owed > 0 ? { term: 'Refund owed', pence: owed } : { term: 'Amount due', pence: amountDue(money) };
}

/** What a credit note may still take back: the invoice less what was credited already. */
export const creditable = (money: InvoiceMoney) =>
  Math.max(0, money.grossPence - money.lessDepositPence - money.amountCreditedPence);

export interface InvoiceStatus {
  state: InvoiceState | 'overdue';
  /** Days past the due date (UK days); 0 unless overdue. */
  daysOverdue: number;
}

/**
 * How an invoice reads today: overdue when it is still owed (issued or part-paid) and today (UK)
 * is past its due day. `today` is 'YYYY-MM-DD' in UK time; `dueDay` likewise, or null for a draft.
 */
export function invoiceStatus(state: InvoiceState, dueDay: string | null, today: string): InvoiceStatus {
  const owed = state === 'issued' || state === 'part_paid';
  const late = owed && dueDay !== null ? daysBetween(dueDay, today) : 0;
  return late > 0 ? { state: 'overdue', daysOverdue: late } : { state, daysOverdue: 0 };
}
