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

/** Where Stripe's hosted Checkout page lives (a session's url). */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The origins "Pay now" may lead to: a browser applies the page's form-action to where a form's
 * redirects go, and ours answers with a redirect to Stripe's Checkout page (a stand-in API, the
 * tests', serves its own). None when card payments are off.
 */
export function checkoutOrigins(env: Bindings): string[] {
  const config = stripeConfig(env);
  if (!config) return [];
  const api = URL.canParse(config.apiBase) ? new URL(config.apiBase).origin : DEFAULT_API_BASE;
  return api === DEFAULT_API_BASE ? [STRIPE_CHECKOUT_ORIGIN] : [STRIPE_CHECKOUT_ORIGIN, api];
}
