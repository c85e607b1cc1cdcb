import type { Bindings } from '../env';

/**
 * Whether card payments through Stripe are on: both secrets set. Without them the customer's page
 * shows the owner's bank details instead, and the webhook route answers 404.
 */
export interface StripeConfig {
  /** The API's origin: Stripe's own, or a stand-in in the tests. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
}

const DEFAULT_API_BASE = 'https://api.stripe.com';

export function stripeConfig(env: Bindings): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  const apiBase = (env.STRIPE_API_BASE?.trim() || DEFAULT_API_BASE).replace(/\/+$/, '');
  return { apiBase, secretKey, webhookSecret };
}
