import type { TestProject } from 'vitest/node';
import { startStripeServer } from './stripe-server';

declare module 'vitest' {
  export interface ProvidedContext {
    stripeServerUrl: string;
  }
}

/** Starts the stand-in Stripe API for the Worker tests; its URL is the Worker's STRIPE_API_BASE. */
export default async function setup(project: TestProject) {
  const stripe = await startStripeServer();
  project.provide('stripeServerUrl', stripe.url);
  return () => stripe.close();
}
