import { fromBase64Url, toBase64Url } from '../../rules/base64url';
import { HMAC_BYTES, hmacBytes, hmacVerify } from '../../rules/hmac';
import { adminKey } from './crypto';

/**
 * A passkey sign-in's challenge carries its own expiry and a signature, instead of a row written
 * when it is given: the options endpoint is open to anyone, and a row per call let anyone spend
 * the D1 writes the lead forms depend on. 56 bytes: 16 random, the expiry (ms, 8 bytes, big
 * endian), and an HMAC-SHA256 of those 24 under a key derived from ADMIN_TOKEN for this use
 * alone (`adminKey`). That it answers only once is kept by a row written when an
 * answer to it has been verified (`markSignInChallengeUsed`), which only the
 * holder of a passkey can cause.
 */
export const CHALLENGE_MS = 5 * 60_000;
const RANDOM_BYTES = 16;
const SIGNED_BYTES = RANDOM_BYTES + 8;
const CHALLENGE_BYTES = SIGNED_BYTES + HMAC_BYTES;

const key = (adminToken: string) => adminKey(adminToken, 'passkey-challenge');

export async function newSignInChallenge(adminToken: string, now = Date.now()): Promise<string> {
  const bytes = new Uint8Array(CHALLENGE_BYTES);
  crypto.getRandomValues(bytes.subarray(0, RANDOM_BYTES));
  new DataView(bytes.buffer).setBigUint64(RANDOM_BYTES, BigInt(now + CHALLENGE_MS));
  bytes.set(await hmacBytes(await key(adminToken), bytes.subarray(0, SIGNED_BYTES)), SIGNED_BYTES);
  return toBase64Url(bytes);
}

/**
 * When a challenge we signed expires, or null when it is not ours, not spelled as we spell it, or
 * already expired. hmacVerify compares the signature in constant time.
 */
export async function signInChallengeExpiry(adminToken: string, challenge: string, now = Date.now()): Promise<number | null> {
  const bytes = fromBase64Url(challenge);
  if (bytes?.length !== CHALLENGE_BYTES || toBase64Url(bytes) !== challenge) return null;
  const signed = bytes.subarray(0, SIGNED_BYTES);
  if (!(await hmacVerify(await key(adminToken), signed, bytes.subarray(SIGNED_BYTES)))) return null;
  const expiresAt = Number(new DataView(bytes.buffer).getBigUint64(RANDOM_BYTES));
  return expiresAt > now ? expiresAt : null;
}
