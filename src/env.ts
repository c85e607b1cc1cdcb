import type { Context } from 'hono';
import type { ContentView } from './site-content/view';

/**
 * The Worker's bindings. Everything wrangler.jsonc declares (D1, assets, rate limiters, version
 * metadata, vars) is generated into worker-configuration.d.ts by `npm run types`
 * (`wrangler types`), checked in; `npm run lint` fails when it is stale. What cannot be generated
 * is below: the secrets, set with `wrangler secret put` (or .dev.vars locally) and all optional so
 * the site runs without them, and the one optional var that has no default in wrangler.jsonc.
 */
interface Secrets {
  /** MailChannels API key; without it leads are stored and the e-mail is skipped. */
  MAILCHANNELS_API_KEY?: string;
  /** DKIM signing for MailChannels: all three or none. */
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  /** Signs the forms' fill-time token; a fixed development key is used without it. */
  FORM_SIGNING_SECRET?: string;
  /** Turnstile verification, with the TURNSTILE_SITE_KEY var. */
  TURNSTILE_SECRET_KEY?: string;
  /** The owner's password for /admin; without it the admin stays closed. */
  ADMIN_TOKEN?: string;
  /** Optional hosted libSQL (e.g. Turso) instead of D1 for the blog: see docs/operating.md, "Hosted libSQL". */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Optional var: how long one MailChannels send may take, in ms (default 8000). */
  MAILCHANNELS_TIMEOUT_MS?: string;
  /** The Web Push (VAPID) key pair for alerts on the owner's phone (`pushConfig`); without it alerts are off. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** Optional var: how long one push send may take, in ms (default 8000). */
  PUSH_TIMEOUT_MS?: string;
  /** Optional var, local development and tests only: "on" lets a device's push address be http://127.0.0.1. */
  PUSH_ALLOW_LOOPBACK?: string;
  /**
   * Card payments through Stripe Checkout (`stripeConfig`): the API's secret key and the webhook
   * endpoint's signing secret, both or neither; without them the customer's page shows the bank details.
   */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Test-only var: an ISO instant the call-back promise is worked out at (`promiseClock`),
   * honoured only for requests to a loopback host, so it moves nothing on a deployed site.
   */
  TEST_CLOCK?: string;
}

/** `Env` is generated from wrangler.jsonc (worker-configuration.d.ts). */
export type Bindings = Env & Secrets;

/**
 * What a request carries between middleware and routes: the content revision it is answered
 * from, and the error page the app renders (withErrorPage) when a route answers with an error.
 */
export type AppEnv = { Bindings: Bindings; Variables: { content: ContentView; errorPage: ErrorPageRenderer } };

/** Renders the error screen for a status and its words (and the route's own message, when it gave one), through the page renderer. */
export type ErrorPageRenderer = (
  c: Context<AppEnv>,
  status: number,
  message: string,
  detail?: string,
) => Response | Promise<Response>;

declare global {
  namespace Cloudflare {
    // The tests' `env` (cloudflare:workers): the generated bindings, the secrets, and the migrations the tests apply.
    interface Env extends Secrets {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      /** The stand-in push service the alert tests steer (test/support/push-server.ts). */
      PUSH_SERVER_URL: string;
    }
  }
}
