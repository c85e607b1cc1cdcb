import { errorText, log } from '../log';

/**
 * One request against a Workers Rate Limiting binding. Without the binding, or if it fails, the
 * request goes through: the limits protect the inbox and the counts, and a broken limiter must
 * not cost a lead or a visitor's tap.
 */
export async function withinLimit(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true;
  try {
    const { success } = await limiter.limit({ key });
    return success;
  } catch (error) {
    log.warn('rate limiter failed, letting the request through', { error: errorText(error) });
    return true;
  }
}
