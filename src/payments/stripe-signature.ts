import { hmacBytes, hmacKey, sameBytes } from '../rules/hmac';

/**
 * Stripe's webhook signature, checked as Stripe's own libraries check it: the `Stripe-Signature`
 * header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (more than one v1 while a secret is rolled),
 * each v1 the HMAC-SHA256, keyed by the endpoint's secret, of `${t}.${rawBody}`. A timestamp more
 * than TOLERANCE_SECONDS from now is refused, so a captured delivery cannot be replayed later.
 * The comparison is in constant time.
 */

const TOLERANCE_SECONDS = 300;

/** The longest header read: a timestamp and a few signatures. */
const MAX_HEADER = 1_000;

const hexBytes = (hex: string): Uint8Array | null => {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

function parseHeader(header: string): { timestamp: number; signatures: Uint8Array[] } | null {
  if (header.length > MAX_HEADER) return null;
  let timestamp: number | null = null;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1') {
      const bytes = hexBytes(value);
      if (bytes) signatures.push(bytes);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Whether the raw body came from Stripe, signed within the tolerance of `nowMs`. */
export async function stripeSignatureValid(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return false;
  if (Math.abs(nowMs / 1000 - parsed.timestamp) > TOLERANCE_SECONDS) return false;
  const expected = await hmacBytes(await hmacKey(secret), `${parsed.timestamp}.${rawBody}`);
  // Every candidate is compared, so the time taken does not say which one matched.
  let matched = false;
  for (const signature of parsed.signatures) matched = sameBytes(signature, expected) || matched;
  return matched;
}
