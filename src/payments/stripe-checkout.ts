import { errorText, log } from '../log';
import type { StripeConfig } from './stripe-config';

/**
 * Creates a Stripe Checkout session for what is due on one invoice, with plain fetch: Stripe's API
 * takes a form-encoded body, and an Idempotency-Key makes a repeated tap (or a retry after a lost
 * answer) return the same session instead of a second one. The card is typed on Stripe's page,
 * never on ours. The invoice's id travels in the session's metadata and in its payment's, so the
 * webhook knows what a payment is for and a refund of it can be traced back.
 */

export interface CheckoutRequest {
  invoiceId: string;
  /** The invoice's number, shown on Stripe's page as what is paid for. */
  invoiceNumber: string;
  /** What is due now, in pence (GBP). */
  amountPence: number;
  /** Where Stripe sends the customer back to: their own request page. */
  successUrl: string;
  cancelUrl: string;
  /** The same key for the same invoice, amount and version: a second tap reuses the session. */
  idempotencyKey: string;
  customerEmail?: string;
}

export type CheckoutResult = { ok: true; id: string; url: string } | { ok: false; reason: 'refused' | 'unreachable' };

/** How long Stripe may take to answer before the customer is told to try again. */
const TIMEOUT_MS = 10_000;

/** The session's fields in Stripe's form encoding (nested keys in brackets). */
function checkoutForm(request: CheckoutRequest): URLSearchParams {
  const form = new URLSearchParams();
  form.set('mode', 'payment');
  form.set('success_url', request.successUrl);
  form.set('cancel_url', request.cancelUrl);
  form.set('client_reference_id', request.invoiceId);
  form.set('line_items[0][quantity]', '1');
  form.set('line_items[0][price_data][currency]', 'gbp');
  form.set('line_items[0][price_data][unit_amount]', String(request.amountPence));
  form.set('line_items[0][price_data][product_data][name]', `Invoice ${request.invoiceNumber}`);
  form.set('metadata[invoice_id]', request.invoiceId);
  form.set('payment_intent_data[metadata][invoice_id]', request.invoiceId);
  if (request.customerEmail) form.set('customer_email', request.customerEmail);
  return form;
}

export async function createCheckoutSession(config: StripeConfig, request: CheckoutRequest): Promise<CheckoutResult> {
  if (!Number.isInteger(request.amountPence) || request.amountPence <= 0) return { ok: false, reason: 'refused' };
  try {
    const response = await fetch(`${config.apiBase}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': request.idempotencyKey,
      },
      body: checkoutForm(request).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
    if (!response.ok || typeof body?.id !== 'string' || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
      // Stripe's error body can echo what was sent: only the status is logged.
      log.error('stripe checkout refused', { invoice: request.invoiceId, status: response.status });
      return { ok: false, reason: 'refused' };
    }
    return { ok: true, id: body.id, url: body.url };
  } catch (error) {
    log.error('stripe checkout unreachable', { invoice: request.invoiceId, error: errorText(error) });
    return { ok: false, reason: 'unreachable' };
  }
}
