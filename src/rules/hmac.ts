import { fromBase64Url, toBase64Url } from './base64url';

/**
 * HMAC-SHA256 with WebCrypto, the one way the Worker signs what it hands out and checks what
 * comes back: the lead forms' fill-time tokens, the customers' request links, the admin's
 * sessions, CSRF tokens, invitations and passkey challenges. A key is imported (or derived) once
 * per secret and purpose and kept for the isolate's life. Signatures travel as base64url, in the
 * one spelling toBase64Url writes; a check compares in constant time.
 */

const encoder = new TextEncoder();

/** Bytes of an HMAC-SHA256. */
export const HMAC_BYTES = 32;
/** The shortest signature a check accepts (a request link carries the first 16 bytes). */
const MIN_SIGNATURE_BYTES = 16;

type Message = string | Uint8Array<ArrayBuffer>;
const bytesOf = (message: Message) => (typeof message === 'string' ? encoder.encode(message) : message);

/** A Worker has a secret or two: a handful of keys. Past this many, a changed secret starts afresh. */
const MAX_KEYS = 32;
const keys = new Map<string, Promise<CryptoKey>>();

function kept(id: string, make: () => Promise<CryptoKey>): Promise<CryptoKey> {
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = make();
    keys.set(id, key);
  }
  return key;
}

const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const;

/** The HMAC key whose bytes are the secret's (UTF-8). */
export const hmacKey = (secret: string): Promise<CryptoKey> =>
  kept(`raw\u0000${secret}`, () =>
    crypto.subtle.importKey('raw', encoder.encode(secret), HMAC_SHA256, false, ['sign', 'verify']),
  );

/** An HMAC key derived from a secret with HKDF-SHA256: one secret, a key per purpose (`info`). */
export const derivedHmacKey = (secret: string, salt: string, info: string): Promise<CryptoKey> =>
  kept(`hkdf\u0000${salt}\u0000${info}\u0000${secret}`, async () => {
    const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
    return crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(salt), info: encoder.encode(info) },
      base,
      { ...HMAC_SHA256, length: 256 },
      false,
      ['sign', 'verify'],
    );
  });

/** The message's HMAC, its first `length` bytes (all of it unless a link needs it short). */
export async function hmacBytes(key: CryptoKey, message: Message, length = HMAC_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, bytesOf(message))).slice(0, length);
}

/** The message's HMAC in base64url, its first `length` bytes. */
export const hmacSign = async (key: CryptoKey, message: Message, length = HMAC_BYTES): Promise<string> =>
  toBase64Url(await hmacBytes(key, message, length));

/**
 * Whether `signature` (bytes, or base64url in the one spelling we write) is the message's HMAC,
 * or its first `length` bytes. The whole HMAC is checked by WebCrypto's verify, a shortened one
 * by sameBytes: both in constant time.
 */
export async function hmacVerify(
  key: CryptoKey,
  message: Message,
  signature: string | Uint8Array<ArrayBuffer>,
  length = HMAC_BYTES,
): Promise<boolean> {
  const given = typeof signature === 'string' ? fromBase64Url(signature) : signature;
  if (!given || given.length !== length || length < MIN_SIGNATURE_BYTES || length > HMAC_BYTES) return false;
  if (typeof signature === 'string' && toBase64Url(given) !== signature) return false;
  if (length === HMAC_BYTES) return crypto.subtle.verify('HMAC', key, given, bytesOf(message));
  return sameBytes(given, await hmacBytes(key, message, length));
}

/** Whether two byte strings are equal, in time that depends only on their length. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
