import type { Bindings } from '../../env';
import { errorText, log } from '../../log';

/**
 * Sign-in attempts per client IP: 5 a minute. Every attempt counts, not only failed ones,
 * because the limit must be checked before the token is: otherwise the attempt that would be
 * refused could still learn whether its guess was right. The Workers Rate Limiting binding
 * (ADMIN_LIMITER) counts across the network; without it (or if it fails) a small per-isolate
 * window does the same job locally.
 */
export const SIGN_IN_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 60_000;
const MAX_TRACKED = 1000;

interface Window {
  start: number;
  count: number;
}

export class MemoryLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit = SIGN_IN_LIMIT,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  take(key: string, now = Date.now()): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.evict(now);
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  private evict(now: number) {
    for (const [key, window] of this.windows) {
      if (this.windows.size <= MAX_TRACKED && now - window.start < this.windowMs) break;
      // Oldest first (insertion order): expired windows, then the oldest live ones past the cap.
      this.windows.delete(key);
    }
  }
}

const fallback = new MemoryLimiter();

/**
 * The token form and the passkey button count apart (each 5 a minute per address), so a few
 * cancelled passkey prompts never lock the token form. The passkey's count is of its options
 * requests: each starts one sign-in, and nothing else about it costs anything.
 */
export type SignInWay = 'token' | 'passkey';

export async function signInAllowed(
  env: Pick<Bindings, 'ADMIN_LIMITER'>,
  ip: string,
  now = Date.now(),
  way: SignInWay = 'token',
): Promise<boolean> {
  const key = way === 'token' ? `admin-sign-in:${ip}` : `admin-passkey-sign-in:${ip}`;
  if (env.ADMIN_LIMITER) {
    try {
      return (await env.ADMIN_LIMITER.limit({ key })).success;
    } catch (error) {
      log.warn('admin sign-in limiter failed; using the in-memory limit', { error: errorText(error) });
    }
  }
  return fallback.take(key, now);
}
