import type { Bindings } from '../env';

/**
 * The Web Push settings: the VAPID key pair (secrets: VAPID_PUBLIC_KEY, the 65-byte public point
 * base64url, which browsers subscribe with; VAPID_PRIVATE_KEY, its private scalar), who the push
 * services may contact (the site's origin), and how long one send may take. Null without the
 * pair: the Alerts page then says alerts are not set up, and nothing is queued.
 */
export interface PushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
  /** Local development and the tests only: a push service on http://127.0.0.1. */
  allowLoopback: boolean;
}

const DEFAULT_PUSH_TIMEOUT_MS = 8000;

export function pushConfig(env: Bindings): PushConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const timeout = Number(env.PUSH_TIMEOUT_MS);
  return {
    publicKey,
    privateKey,
    subject: env.SITE_ORIGIN,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_PUSH_TIMEOUT_MS,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK === 'on',
  };
}
