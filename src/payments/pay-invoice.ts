import { d1Database } from '../db/client';
import { payableInvoiceOfLead } from '../db/payment-reads';
import type { Bindings } from '../env';
import { amountDue } from '../rules/invoice-state';
import { createCheckoutSession } from './stripe-checkout';
import { stripeConfig } from './stripe-config';

/**
 * "Pay now" on the customer's page: a Stripe Checkout session for what is left to pay on one of
 * their own invoices, and the address of Stripe's page to send them to. The idempotency key is
 * the invoice, its version and the amount: a second tap (or a reload of the post) reuses the same
 * session, and a payment in between (a new version, a new amount) makes a new one.
 */
export type PayOutcome = { go: string } | { back: 'paid' | 'pay-failed' | 'nothing' };

export async function startCardPayment(
  env: Bindings,
  leadId: string,
  invoiceId: string,
  returnTo: { origin: string; path: string },
): Promise<PayOutcome> {
  const config = stripeConfig(env);
  if (!config) return { back: 'nothing' };
  const invoice = await payableInvoiceOfLead(d1Database(env), leadId, invoiceId);
  const due = invoice ? amountDue(invoice) : 0;
  if (!invoice?.number || due <= 0) return { back: 'nothing' };
  const page = `${returnTo.origin}${returnTo.path}`;
  const session = await createCheckoutSession(config, {
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    amountPence: due,
    successUrl: `${page}?done=paid`,
    cancelUrl: page,
    idempotencyKey: `invoice-${invoice.id}-v${invoice.version}-${due}`,
    customerEmail: invoice.customerEmail || undefined,
  });
  return session.ok ? { go: session.url } : { back: 'pay-failed' };
}
