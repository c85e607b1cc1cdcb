import { d1Database } from '../db/client';
import { customerInvoicesOfLead } from '../db/payments';
import type { Invoice } from '../db/schema';
import type { Bindings } from '../env';
import { sellerFor } from '../invoices/seller';
import type { CustomerInvoice } from '../pages/CustomerInvoices';
import { londonDay } from '../rules/invoice-dates';
import { invoiceStatus } from '../rules/invoice-state';
import type { ContentView } from '../site-content/view';
import { stripeConfig } from './stripe-config';

/** The customer's issued invoices as their page shows them, overdue read from today (UK). */
export async function customerInvoices(env: Bindings, content: ContentView, leadId: string, now = Date.now()) {
  const rows = await customerInvoicesOfLead(d1Database(env), leadId);
  const today = londonDay(now);
  return {
    invoices: rows.map((invoice) => customerInvoice(invoice, content, today)),
    cardPayments: stripeConfig(env) !== null,
  };
}

function customerInvoice(invoice: Invoice, content: ContentView, today: string): CustomerInvoice {
  const status = invoiceStatus(invoice.state, invoice.dueAt === null ? null : londonDay(invoice.dueAt), today);
  return {
    id: invoice.id,
    number: invoice.number ?? '',
    kind: invoice.kind,
    state: status.state,
    version: invoice.version,
    dueAt: invoice.dueAt,
    grossPence: invoice.grossPence,
    lessDepositPence: invoice.lessDepositPence,
    amountPaidPence: invoice.amountPaidPence,
    amountCreditedPence: invoice.amountCreditedPence,
    bank: sellerFor(invoice, content).bank,
  };
}
