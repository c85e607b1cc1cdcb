import { MANUAL_PAYMENT_METHODS, type PaymentMethod } from './payment-method';
import { parsePence } from './quote-money';

/**
 * The owner's "Record a payment" form: an amount in pounds (at most what is left to pay: a part
 * payment is any less), the day it came in (not after today) and how. Browser-safe.
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

export function readPaymentForm(values: PaymentFormValues, duePence: number, today: string): PaymentFormRead {
  const errors: Partial<Record<keyof PaymentFormValues, string>> = {};
  const amountPence = values.amount.length <= MAX_FIELD ? parsePence(values.amount) : null;
  if (amountPence === null || amountPence <= 0) errors.amount = 'Enter the amount paid, for example 120 or 120.50.';
  else if (amountPence > duePence) errors.amount = 'That is more than is left to pay on this invoice.';
  const paidOn = values.paidOn.trim();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(paidOn) && !Number.isNaN(Date.parse(`${paidOn}T00:00:00Z`));
  if (!valid || new Date(`${paidOn}T00:00:00Z`).toISOString().slice(0, 10) !== paidOn)
    errors.paidOn = 'Enter the day it was paid, for example 2026-11-28.';
  else if (paidOn > today) errors.paidOn = 'The day it was paid cannot be after today.';
  else if (paidOn < '2000-01-01') errors.paidOn = 'Enter the day it was paid.';
  const method = (MANUAL_PAYMENT_METHODS as readonly string[]).includes(values.method) ? (values.method as PaymentMethod) : null;
  if (!method) errors.method = 'Choose how it was paid.';
  if (Object.keys(errors).length > 0 || amountPence === null || !method) return { ok: false, errors };
  return { ok: true, amountPence, paidOn, method };
}
