/**
 * An invoice's life (issue 49): a draft is edited and has no number; issuing numbers it and it is
 * never edited again; payments make it part-paid then paid; a credit note for the whole of what is
 * left makes it credited. Overdue is not a stored state: it is read from the due date
 * (`invoiceStatus`). Browser-safe.
 */

export const INVOICE_STATES = ['draft', 'issued', 'part_paid', 'paid', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** A final invoice bills the work; a deposit invoice asks for part of an accepted quote up front. */
export const INVOICE_KINDS = ['final', 'deposit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
