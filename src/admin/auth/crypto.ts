/**
 * The admin's secrets: HMAC keys derived from ADMIN_TOKEN (HKDF, one per purpose, so a session
 * signature can never pass as a CSRF token), a constant-time comparison of the sign-in token,
 * and random ids. Changing ADMIN_TOKEN changes every key, which signs every session out.
 */
import { toBase64Url } from '../../rules/base64url';
import { derivedHmacKey, sameBytes } from '../../rules/hmac';

const encoder = new TextEncoder();

export type KeyPurpose = 'session' | 'csrf' | 'invite' | 'passkey-challenge';

/** The HKDF salt of every admin key: changing it would sign everyone out and void every invitation. */
const ADMIN_KEY_SALT = 'bcp-drainage-admin-v1';

export const adminKey = (token: string, purpose: KeyPurpose): Promise<CryptoKey> =>
  derivedHmacKey(token, ADMIN_KEY_SALT, purpose);

const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/**
 * Whether two secrets are equal, in time that depends on neither: both are hashed first (so
 * their lengths do not matter), then the digests are compared without stopping early.
 */
export async function secretsMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  return sameBytes(a, b);
}

export function randomId(bytes = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
