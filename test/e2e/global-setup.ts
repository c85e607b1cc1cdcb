import type { TestProject } from 'vitest/node';
import { startDevServer } from '../support/dev-server';
import { startMailServer } from '../support/mail-server';
import { startPushServer } from '../support/push-server';
import { startStripeServer } from '../support/stripe-server';
import { makeVapidKeys } from '../support/web-push-decrypt';
import { E2E_ADMIN_TOKEN } from './admin-fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eMailServerUrl: string;
    e2ePushServerUrl: string;
    e2eStripeServerUrl: string;
  }
}

const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e';

/** One `wrangler dev` for the whole browser run, with e-mail going to a local test server. */
export default async function setup(project: TestProject) {
  const mail = await startMailServer();
  // Alerts (issue 36): a push service stand-in on 127.0.0.1 and this run's VAPID pair.
  const push = await startPushServer();
  const vapid = await makeVapidKeys();
  // Card payments (issue 49): a stand-in Stripe that delivers its signed webhook to this server.
  const stripe = await startStripeServer();
  const port = Number(process.env.E2E_PORT ?? 8791);
  const server = await startDevServer({
    name: `e2e-${port}`,
    port,
    vars: {
      MAILCHANNELS_API_URL: mail.url,
      MAILCHANNELS_API_KEY: 'e2e-key',
      FORM_SIGNING_SECRET: 'e2e-signing-secret',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOW_LOOPBACK: 'on',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      // The clock the call-back promise is worked out at: 23:00 UK time on a Wednesday
      // (test/e2e/asap-promise.test.ts). Nothing else reads it; a deployed site ignores it.
      TEST_CLOCK: '2026-11-25T23:00:00Z',
    },
  });
  project.provide('baseUrl', server.url);
  project.provide('e2eMailServerUrl', mail.url);
  project.provide('e2ePushServerUrl', push.url);
  project.provide('e2eStripeServerUrl', stripe.url);
  await fetch(`${stripe.url}/__control`, {
    method: 'POST',
    body: JSON.stringify({ webhookUrl: `${server.url}/stripe/webhook`, webhookSecret: E2E_STRIPE_WEBHOOK_SECRET }),
  });
  return async () => {
    await server.stop();
    await mail.close();
    await push.close();
    await stripe.close();
  };
}
