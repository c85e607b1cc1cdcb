import type { Bindings } from '../env';
import { turnstileEnabled } from '../leads/form-token';
import type { PrivacyPageProps } from '../pages/PrivacyPage';
import { retentionDays } from './retention-settings';

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
