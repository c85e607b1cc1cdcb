/**
 * How a payment came in (issue 49): taken by hand by the owner (cash, cheque, the card machine, a
 * bank transfer), or through Stripe Checkout from the customer's page (recorded by the webhook).
 * A refund is a payment of a negative amount. Browser-safe.
 */
export const PAYMENT_METHODS = ['card', 'cash', 'cheque', 'card_machine', 'bank', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the owner may record by hand; `stripe` only comes from the webhook. */
export const MANUAL_PAYMENT_METHODS = [
  'cash',
  'cheque',
  'card_machine',
  'bank',
  'card',
] as const satisfies readonly PaymentMethod[];

/** Each method as the owner and the accountant read it. */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  card_machine: 'Card machine',
  bank: 'Bank transfer',
  stripe: 'Card (online)',
};
