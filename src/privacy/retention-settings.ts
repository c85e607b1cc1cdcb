import type { RetentionDays } from '../db/retention';
import type { Bindings } from '../env';

/** The defaults behind wrangler.jsonc's LEAD_RETENTION_DAYS_* (the reasons are given there). */
export const DEFAULT_RETENTION: RetentionDays = { handledDays: 365, unhandledDays: 730 };

/** A century: anything longer is a typo, not a policy. */
const MAX_DAYS = 36_500;

/**
 * A day count from a var: a whole number from 1 to MAX_DAYS, spaces around it allowed. Anything
 * else (missing, empty, "0", "-5", "1.5", "a year") gives the default, so a slip in the config
 * neither stops the clean-up nor makes the privacy notice show nonsense.
 */
export function parseRetentionDays(value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? '';
  if (!/^\d{1,6}$/.test(text)) return fallback;
  const days = Number(text);
  return days >= 1 && days <= MAX_DAYS ? days : fallback;
}

/** The configured retention, read the same way by the cron and the privacy notice. */
export function retentionDays(
  env: Partial<Pick<Bindings, 'LEAD_RETENTION_DAYS_HANDLED' | 'LEAD_RETENTION_DAYS_UNHANDLED'>>,
): RetentionDays {
  return {
    handledDays: parseRetentionDays(env.LEAD_RETENTION_DAYS_HANDLED, DEFAULT_RETENTION.handledDays),
    unhandledDays: parseRetentionDays(env.LEAD_RETENTION_DAYS_UNHANDLED, DEFAULT_RETENTION.unhandledDays),
  };
}
