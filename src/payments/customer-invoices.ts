import { d1Database } from '../db/client';
import { creditNotesOfLead, findCreditNote } from '../db/invoice-records';
import { findInvoice } from '../db/invoices';
import { customerInvoicesOfLead } from '../db/payments';
import type { CreditNote, Invoice } from '../db/schema';
import type { Bindings } from '../env';
import { sellerFor } from '../invoices/seller';
import type { CustomerInvoice } from '../pages/CustomerInvoices';
import { londonDay } from '../rules/invoice-dates';
import { invoiceStatus } from '../rules/invoice-state';
import type { ContentView } from '../site-content/view';
import { stripeConfig } from './stripe-config';

/** The customer's issued invoices as their page shows them, overdue read from today (UK), each with its credit notes. */
export async function customerInvoices(env: Bindings, content: ContentView, leadId: string, now = Date.now()) {
  const db = d1Database(env);
  const [rows, notes] = await Promise.all([customerInvoicesOfLead(db, leadId), creditNotesOfLead(db, leadId)]);
  const today = londonDay(now);
  return {
    invoices: rows.map((invoice) => customerInvoice(invoice, notes, content, today)),
    cardPayments: stripeConfig(env) !== null,
  };
}

function customerInvoice(invoice: Invoice, notes: CreditNote[], content: ContentView, today: string): CustomerInvoice {
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
    creditNotes: notes.filter((note) => note.invoiceId === invoice.id).map((note) => ({ id: note.id, number: note.number })),
  };
}

/** One of this lead's issued invoices, as its document shows it; undefined for a draft or anyone else's. */
export async function customerInvoiceDocument(env: Bindings, content: ContentView, leadId: string, id: string, now = Date.now()) {
  const found = await findInvoice(d1Database(env), id);
  if (!found || found.invoice.leadId !== leadId || found.invoice.state === 'draft' || !found.invoice.number) return undefined;
  const { invoice } = found;
  const status = invoiceStatus(invoice.state, invoice.dueAt === null ? null : londonDay(invoice.dueAt), londonDay(now));
  return { found, seller: sellerFor(invoice, content), status };
}

/** A credit note on one of this lead's invoices, with that invoice; undefined for anyone else's. */
export async function customerCreditNote(env: Bindings, content: ContentView, leadId: string, id: string) {
  const db = d1Database(env);
  const credit = await findCreditNote(db, id);
  const found = credit && (await findInvoice(db, credit.note.invoiceId));
  if (!credit || !found || found.invoice.leadId !== leadId) return undefined;
  return { ...credit, invoice: found.invoice, seller: sellerFor(found.invoice, content) };
}
