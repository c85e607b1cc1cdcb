/**
 * WebCrypto helpers for the admin: keys derived from ADMIN_TOKEN (HKDF, one per purpose, so a
 * session signature can never pass as a CSRF token), HMAC-SHA256 signatures (base64url), and a
 * constant-time comparison of the sign-in token. Changing ADMIN_TOKEN changes every key, which
 * signs every session out.
 */
import { fromBase64Url, toBase64Url } from '../../rules/base64url';

const encoder = new TextEncoder();

export type KeyPurpose = 'session' | 'csrf' | 'invite' | 'passkey-challenge';

/** Derived keys for the current token (one token per Worker, so one cache entry is enough). */
let cached: { token: string; keys: Map<KeyPurpose, Promise<CryptoKey>> } | undefined;

async function deriveHmacKey(token: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(token), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('bcp-drainage-admin-v1'), info: encoder.encode(purpose) },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

export function adminKey(token: string, purpose: KeyPurpose): Promise<CryptoKey> {
  if (cached?.token !== token) cached = { token, keys: new Map() };
  let key = cached.keys.get(purpose);
  if (!key) {
    key = deriveHmacKey(token, purpose);
    cached.keys.set(purpose, key);
  }
  return key;
}

export async function hmacSign(key: CryptoKey, message: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message))));
}

/** WebCrypto's verify compares in constant time. */
export async function hmacVerify(key: CryptoKey, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64Url(signature);
  if (bytes?.length !== 32) return false;
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(message));
}

const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/**
 * Whether two secrets are equal, in time that depends on neither: both are hashed first (so
 * their lengths do not matter), then every byte of the digests is compared without stopping early.
 */
export async function secretsMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export function randomId(bytes = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
