import type { RetentionDays } from '../db/retention';
import type { Bindings } from '../env';
import { turnstileEnabled } from '../leads/form-token';
import { retentionDays } from './retention-settings';

/** What the privacy notice says that depends on this deployment's settings. */
export interface PrivacyPageProps {
  /** The retention the cron enforces (wrangler.jsonc LEAD_RETENTION_DAYS_*). */
  retention: RetentionDays;
  /** Cloudflare Turnstile checks the forms (both Turnstile keys are set). */
  spamCheck: boolean;
  /** Where the live map's tiles come from, when MAP_STYLE_URL is set; null for our own map. */
  mapTileHost: string | null;
}

/** The host of a configured map style (CSP lets the live map load only from there), or null. */
function mapTileHost(styleUrl: string | undefined): string | null {
  if (!styleUrl) return null;
  try {
    return new URL(styleUrl).host;
  } catch {
    return null;
  }
}

/** What the privacy notice must say about this deployment's settings, so it stays true to them. */
export const privacyNoticeProps = (env: Bindings): PrivacyPageProps => ({
  retention: retentionDays(env),
  spamCheck: turnstileEnabled(env),
  mapTileHost: mapTileHost(env.MAP_STYLE_URL),
});
