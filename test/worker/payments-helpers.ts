import { env } from 'cloudflare:workers';
import { requestToken } from '../../src/jobs/request-token';
import type { ReceivedSession } from '../support/stripe-server';
import { stripeEvent, stripeSignatureHeader } from '../support/stripe-signing';
import { insertLead } from './admin-lead-fixtures';
import { call, ORIGIN } from './leads-helpers';

/** Shared by the payments tests: invoices straight into D1, the stand-in Stripe server, signed webhooks. */

export interface InvoiceFields {
  leadId?: string | null;
  quoteId?: string | null;
  kind?: 'final' | 'deposit';
  state?: 'draft' | 'issued' | 'part_paid' | 'paid' | 'credited';
  grossPence?: number;
  lessDepositPence?: number;
  issuedAt?: number;
  dueAt?: number;
  customerName?: string;
  /** The business as issued (JSON of the invoices' Seller), for the bank details. */
  seller?: string;
}

let numbers = 0;

/** An invoice as the invoices' own code leaves it once issued (a number, its totals), straight into D1. */
export async function insertInvoice(fields: InvoiceFields = {}) {
  const id = crypto.randomUUID();
  const gross = fields.grossPence ?? 24_000;
  numbers += 1;
  const number = fields.state === 'draft' ? null : `INV-T${id.slice(0, 6)}${numbers}`;
  const now = fields.issuedAt ?? Date.now();
  await env.DB.prepare(
    `insert into invoices (id, lead_id, quote_id, kind, number, state, customer_name, customer_address, net_pence, vat_pence, gross_pence,
       less_deposit_pence, issued_at, due_at, created_at, updated_at, seller)
     values (?, ?, ?, ?, ?, ?, ?, '3 Bay Road, Poole BH14 0AA', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      fields.leadId ?? null,
      fields.quoteId ?? null,
      fields.kind ?? 'final',
      number,
      fields.state ?? 'issued',
      fields.customerName ?? 'Maria Smith',
      Math.round(gross / 1.2),
      gross - Math.round(gross / 1.2),
      gross,
      fields.lessDepositPence ?? 0,
      fields.state === 'draft' ? null : now,
      fields.dueAt ?? now + 14 * 86_400_000,
      now,
      now,
      fields.seller ?? '',
    )
    .run();
  return { id, number, grossPence: gross };
}

export const invoiceRow = (id: string) =>
  env.DB.prepare('select state, amount_paid_pence as paid, version from invoices where id = ?')
    .bind(id)
    .first<{ state: string; paid: number; version: number }>();

export const paymentRows = async (invoiceId: string) =>
  (
    await env.DB.prepare(
      'select amount_pence as amount, method, paid_on as paidOn, stripe_event_id as eventId from payments where invoice_id = ? order by created_at',
    )
      .bind(invoiceId)
      .all<{ amount: number; method: string; paidOn: string; eventId: string | null }>()
  ).results;

/** A lead with a live request link, and the token of that link. */
export async function leadWithLink(fields: Parameters<typeof insertLead>[0] = {}) {
  const lead = await insertLead({ kind: 'quote', service: 'drain-unblocking', ...fields });
  const key = crypto.randomUUID().replaceAll('-', '').slice(0, 22);
  await env.DB.prepare('update leads set request_key = ? where id = ?').bind(key, lead.id).run();
  return { lead, token: await requestToken(env, key) };
}

// The stand-in Stripe API (test/support/stripe-server.ts), a real HTTP server on 127.0.0.1.
export async function stripeSessions(): Promise<ReceivedSession[]> {
  return (await fetch(`${env.STRIPE_API_BASE}/__sessions`)).json();
}

export const setStripeMode = (mode: 'accept' | 'fail') =>
  fetch(`${env.STRIPE_API_BASE}/__control`, { method: 'POST', body: JSON.stringify({ mode }) });

/** A Stripe delivery to the Worker's webhook, signed with Stripe's scheme (the test secret unless told). */
export async function deliverWebhook(body: string, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const signature =
    options.signature ??
    (await stripeSignatureHeader(
      options.secret ?? env.STRIPE_WEBHOOK_SECRET!,
      body,
      options.timestamp ?? Math.floor(Date.now() / 1000),
    ));
  return call('/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature, origin: ORIGIN },
    body,
  });
}

/** A paid Checkout session's event for an invoice. */
export const sessionCompleted = (invoiceId: string, amountPence: number, eventId = `evt_${crypto.randomUUID()}`) =>
  stripeEvent(eventId, 'checkout.session.completed', {
    id: `cs_${crypto.randomUUID()}`,
    object: 'checkout.session',
    amount_total: amountPence,
    currency: 'gbp',
    payment_status: 'paid',
    payment_intent: `pi_${eventId}`,
    metadata: { invoice_id: invoiceId },
  });

export const chargeRefunded = (paymentIntent: string, refundedTotalPence: number, eventId = `evt_${crypto.randomUUID()}`) =>
  stripeEvent(eventId, 'charge.refunded', {
    id: `ch_${crypto.randomUUID()}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount_refunded: refundedTotalPence,
    currency: 'gbp',
  });
