/**
 * What is left to pay on an invoice, in pence: its gross, less a deposit already paid on the same
 * quote, what credit notes took back and what has been paid. Never below nothing.
 */
export interface InvoiceMoney {
  grossPence: number;
  lessDepositPence: number;
  amountCreditedPence: number;
  amountPaidPence: number;
}

export const amountDuePence = (invoice: InvoiceMoney) =>
  Math.max(0, invoice.grossPence - invoice.lessDepositPence - invoice.amountCreditedPence - invoice.amountPaidPence);

/** The states in which money may come in against an invoice. */
export const PAYABLE_STATES = ['issued', 'part_paid'] as const;
