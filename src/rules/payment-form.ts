import { parsePence } from './money';
import { MANUAL_PAYMENT_METHODS, type PaymentMethod } from './payment-method';

/**
 * The owner's "Record a payment" form: an amount in pounds (at most what is left to pay: a part
 * payment is any less), the day it came in (not after today) and how; and "Record a refund", the
 * same fields for money given back. Browser-safe.
 */
export interface PaymentFormValues {
  amount: string;
  paidOn: string;
  method: string;
}

export type PaymentFormRead =
  | { ok: true; amountPence: number; paidOn: string; method: PaymentMethod }
  | { ok: false; errors: Partial<Record<keyof PaymentFormValues, string>> };

const MAX_FIELD = 40;

const WORDS = {
  payment: {
    amount: 'Enter the amount paid, for example 120 or 120.50.',
    over: 'That is more than is left to pay on this invoice.',
    day: 'paid',
  },
  refund: {
    amount: 'Enter the amount refunded, for example 40 or 40.50.',
    over: 'That is more than was paid on this invoice: a refund is never more than was paid.',
    day: 'refunded',
  },
};

/**
 * A payment (at most `limitPence`, what is left to pay) or, the same form, a refund the owner made
 * (at most what was paid).
 */
export function readPaymentForm(
  values: PaymentFormValues,
  limitPence: number,
  today: string,
  kind: 'payment' | 'refund' = 'payment',
): PaymentFormRead {
  const words = WORDS[kind];
  const errors: Partial<Record<keyof PaymentFormValues, string>> = {};
  const amountPence = values.amount.length <= MAX_FIELD ? parsePence(values.amount) : null;
  if (amountPence === null || amountPence <= 0) errors.amount = words.amount;
  else if (amountPence > limitPence) errors.amount = words.over;
  const paidOn = values.paidOn.trim();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(paidOn) && !Number.isNaN(Date.parse(`${paidOn}T00:00:00Z`));
  if (!valid || new Date(`${paidOn}T00:00:00Z`).toISOString().slice(0, 10) !== paidOn)
    errors.paidOn = `Enter the day it was ${words.day}, for example 2026-11-28.`;
  else if (paidOn > today) errors.paidOn = `The day it was ${words.day} cannot be after today.`;
  else if (paidOn < '2000-01-01') errors.paidOn = `Enter the day it was ${words.day}.`;
  const method = (MANUAL_PAYMENT_METHODS as readonly string[]).includes(values.method) ? (values.method as PaymentMethod) : null;
  if (!method) errors.method = `Choose how it was ${words.day}.`;
  if (Object.keys(errors).length > 0 || amountPence === null || !method) return { ok: false, errors };
  return { ok: true, amountPence, paidOn, method };
}
