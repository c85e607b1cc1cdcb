import type { InvoiceRecord } from '../db/invoice-records';
import { amountDue, INVOICE_STATE_LABELS } from '../rules/invoice-state';
import { PAYMENT_METHOD_WORDS } from '../rules/payment-method';

/**
 * An invoice billed to the person (issue 49), as their subject access answer reads it: its number,
 * dates, amounts and state, with its credit notes and payments (a refund is a negative payment).
 * Money in pence, as stored; times in ISO 8601 (UTC).
 */

const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function exportedInvoice({ invoice, creditNotes, payments }: InvoiceRecord) {
  return {
    number: invoice.number,
    kind: invoice.kind === 'deposit' ? 'Deposit' : 'Invoice',
    state: INVOICE_STATE_LABELS[invoice.state],
    name: invoice.customerName,
    email: invoice.customerEmail,
    address: invoice.customerAddress,
    business: invoice.business,
    issued: isoTime(invoice.issuedAt),
    due: isoTime(invoice.dueAt),
    netPence: invoice.netPence,
    vatPence: invoice.vatPence,
    totalPence: invoice.grossPence,
    depositTakenOffPence: invoice.lessDepositPence,
    paidPence: invoice.amountPaidPence,
    creditedPence: invoice.amountCreditedPence,
    stillDuePence: invoice.state === 'draft' ? null : amountDue(invoice),
    creditNotes: creditNotes.map((note) => ({
      number: note.number,
      issued: isoTime(note.issuedAt),
      reason: note.reason,
      netPence: note.netPence,
      vatPence: note.vatPence,
      totalPence: note.grossPence,
    })),
    payments: payments.map((payment) => ({
      paidOn: payment.paidOn,
      amountPence: payment.amountPence,
      method: PAYMENT_METHOD_WORDS[payment.method],
      refund: payment.amountPence < 0,
    })),
  };
}
