import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { afterResponse } from '../http/execution';

/**
 * POST /stripe/webhook: Stripe's deliveries of payment events. The body is read raw, as the
 * signature covers its exact bytes. A bad or old signature is a 400 and nothing is written; with
 * Stripe not configured the route is a 404. A recorded payment's receipt and the owner's e-mail and
 * alert are queued with it; their first tries run after the answer.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>();

stripeWebhookRoutes.post('/stripe/webhook', async (c) => {
  const { stripeConfig } = await import('../payments/stripe-config');
  const config = stripeConfig(c.env);
  if (!config) return c.text('Not found', 404);
  const rawBody = await c.req.text();
  const { handleStripeWebhook } = await import('../payments/stripe-webhook');
  const now = Date.now();
  const outcome = await handleStripeWebhook(c.env, config, c.req.header('stripe-signature'), rawBody, now);
  if (outcome.status === 400) return c.text(outcome.reason === 'signature' ? 'Bad signature' : 'Bad event', 400);
  if (outcome.recorded && outcome.leadId) {
    // Queued with the payment; these are only the first tries, and the cron retries them.
    const { tellPaymentNow } = await import('../payments/payment-emails');
    afterResponse(c, tellPaymentNow(c.env, outcome.leadId, now));
  }
  return c.json({ received: true });
});
