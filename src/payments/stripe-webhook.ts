import { d1Database } from '../db/client';
import { recordStripePayment, recordStripeRefund } from '../db/payments';
import type { Bindings } from '../env';
import { log } from '../log';
import { mailerConfig } from '../outbox/mailer';
import { LEASE_MS } from '../outbox/retry-rule';
import { pushConfig } from '../push/config';
import { londonDay } from '../rules/uk-time';
import type { StripeConfig } from './stripe-config';
import { stripeSignatureValid } from './stripe-signature';

/**
 * What a Stripe webhook delivery does: checked against its signature first (nothing is read or
 * written for a delivery that fails it), then a paid Checkout session becomes a payment on its
 * invoice and a refund of a charge a negative one, each once per event id. Any other event is
 * acknowledged and ignored. Stripe retries anything but a 2xx, so a delivery that recorded
 * nothing because it was recorded before is still a 200.
 */

export type WebhookOutcome =
  | { status: 400; reason: 'signature' | 'body' }
  | { status: 200; recorded: false }
  | { status: 200; recorded: true; leadId: string | null };

interface StripeEventBody {
  id?: unknown;
  type?: unknown;
  created?: unknown;
  data?: { object?: Record<string, unknown> };
}

/**
 * Who hears of what a delivery records is queued in its batch (the payment's receipt, the owner's
 * e-mail and alerts): Stripe gets its 200 only once they are stored, and the first tries run after it.
 */
const told = (env: Bindings, now: number) => ({
  willSend: mailerConfig(env) !== null,
  alerts: pushConfig(env) !== null,
  leaseUntil: now + LEASE_MS,
});

const text = (value: unknown, max = 255) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);
const pence = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export async function handleStripeWebhook(
  env: Bindings,
  config: StripeConfig,
  signature: string | undefined,
  rawBody: string,
  now = Date.now(),
): Promise<WebhookOutcome> {
  if (!(await stripeSignatureValid(config.webhookSecret, signature, rawBody, now))) {
    log.warn('stripe webhook refused', { reason: 'signature' });
    return { status: 400, reason: 'signature' };
  }
  let event: StripeEventBody;
  try {
    event = JSON.parse(rawBody) as StripeEventBody;
  } catch {
    return { status: 400, reason: 'body' };
  }
  const eventId = text(event.id);
  const object = event.data?.object;
  if (!eventId || !object || typeof object !== 'object') return { status: 400, reason: 'body' };
  const paidAt = typeof event.created === 'number' && Number.isSafeInteger(event.created) ? event.created * 1000 : now;
  const paidOn = londonDay(paidAt);
  const db = d1Database(env);

  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const metadata = object.metadata as Record<string, unknown> | undefined;
    const invoiceId = text(metadata?.invoice_id);
    const amountPence = pence(object.amount_total);
    // A session paid later (bank debit) completes unpaid; its async_payment_succeeded event records it.
    if (object.payment_status !== 'paid' || !invoiceId || !amountPence || object.currency !== 'gbp') {
      return { status: 200, recorded: false };
    }
    const recorded = await recordStripePayment(
      db,
      { eventId, invoiceId, amountPence, paymentIntent: text(object.payment_intent), paidOn, paidAt },
      now,
      { receipt: true, ownerMail: true, ...told(env, now) },
    );
    log.info('stripe payment', { event: eventId, invoice: invoiceId, recorded: recorded !== null });
    return recorded ? { status: 200, recorded: true, leadId: recorded.leadId } : { status: 200, recorded: false };
  }

  if (event.type === 'charge.refunded') {
    const paymentIntent = text(object.payment_intent);
    const refundedTotalPence = pence(object.amount_refunded);
    if (!paymentIntent || !refundedTotalPence) return { status: 200, recorded: false };
    const recorded = await recordStripeRefund(db, { eventId, paymentIntent, refundedTotalPence, paidOn }, now, {
      receipt: false,
      ownerMail: false,
      ...told(env, now),
    });
    log.info('stripe refund', { event: eventId, recorded: recorded !== null });
    return recorded ? { status: 200, recorded: true, leadId: recorded.leadId } : { status: 200, recorded: false };
  }

  return { status: 200, recorded: false };
}
