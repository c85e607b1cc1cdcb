/**
 * The Worker's bindings. Plain vars come from wrangler.toml [vars]; secrets from
 * `wrangler secret put` (or .dev.vars locally) and are optional so the site runs without them.
 */
export interface Bindings {
  DB: D1Database;
  ASSETS: Fetcher;
  /** Per-IP limiter for the lead forms (Workers Rate Limiting binding). */
  LEADS_LIMITER?: RateLimit;
  /** Throttles failed admin sign-ins. */
  ADMIN_LIMITER?: RateLimit;
  /** The Worker version: new with every deploy (and every reload under wrangler dev). */
  CF_VERSION_METADATA?: WorkerVersionMetadata;

  SITE_ORIGIN: string;
  MAILCHANNELS_API_URL: string;
  LEADS_TO_EMAIL: string;
  LEADS_FROM_EMAIL: string;
  LEADS_FROM_NAME: string;
  /** Optional: how long one MailChannels send may take, in ms (default 8000). */
  MAILCHANNELS_TIMEOUT_MS?: string;
  MAP_STYLE_URL?: string;
  TURNSTILE_SITE_KEY?: string;
  /** Optional: days a lead is kept after being marked handled (default 365; src/privacy/retention-settings.ts). */
  LEAD_RETENTION_DAYS_HANDLED?: string;
  /** Optional: days a never-handled lead is kept after it arrived (default 730). */
  LEAD_RETENTION_DAYS_UNHANDLED?: string;

  // Secrets
  MAILCHANNELS_API_KEY?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  FORM_SIGNING_SECRET?: string;
  TURNSTILE_SECRET_KEY?: string;
  ADMIN_TOKEN?: string;
  /** Optional hosted libSQL (e.g. Turso) instead of D1 for the blog: see README. */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

export type AppEnv = { Bindings: Bindings };

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    }
  }
}
