import { d1Database } from '../db/client';
import { latestStripePaymentOfLead } from '../db/payment-reads';
import type { LeadAlertComposer } from '../push/payload';
import { formatPence } from '../rules/money';

/**
 * The owner's alert when money moves through Stripe on a customer's invoice: a payment from their
 * page, or a refund the owner made in Stripe. Written, like every alert, from the latest such
 * payment when it is sent.
 */
export const paymentAlert: LeadAlertComposer = async (env, lead) => {
  const latest = await latestStripePaymentOfLead(d1Database(env), lead.id);
  const refund = (latest?.amountPence ?? 0) < 0;
  const amount = latest ? formatPence(Math.abs(latest.amountPence)) : '';
  return {
    title: refund
      ? `Refund of ${amount} on ${latest?.number ?? 'an invoice'}`
      : `${lead.name} paid ${amount} on ${latest?.number ?? 'an invoice'}`,
    body: 'Open the invoice to see what is left to pay.',
    url: latest ? `/admin/invoices/${latest.invoiceId}` : `/admin/leads/${lead.id}`,
    tag: `payment-${lead.id}`,
  };
};

export const PAYMENT_ALERTS = { payment: paymentAlert } as const;
