/**
 * The receiving side of Web Push, as a browser does it, for the tests: a device's key pair and
 * auth secret, RFC 8291 decryption of what a push service received, and the check of its VAPID
 * header (RFC 8292). WebCrypto only, so it runs in Node (the browser test) and in workerd (the
 * Worker tests). test/unit/web-push-decrypt.test.ts proves it against RFC 8291's own example.
 */

export const b64url = {
  encode(bytes: Uint8Array | ArrayBuffer): string {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    let text = '';
    for (const byte of view) text += String.fromCharCode(byte);
    return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(raw, (char) => char.charCodeAt(0));
  },
};

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
};

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A P-256 key pair as a subscription's p256dh (the public point) and the private JWK. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
  privateJwk: JsonWebKey;
}

export async function makeDeviceKeys(): Promise<DeviceKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return { p256dh: b64url.encode(raw), auth: b64url.encode(crypto.getRandomValues(new Uint8Array(16))), privateJwk };
}

/** A VAPID pair as the Worker's secrets hold it: the public point and the private scalar, base64url. */
export async function makeVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return { publicKey: b64url.encode(raw), privateKey: jwk.d! };
}

/** The private JWK of a P-256 key given as its scalar d and its public point (as the RFC's example gives them). */
export function privateJwkOf(d: string, publicPoint: string): JsonWebKey {
  const point = b64url.decode(publicPoint);
  return { kty: 'EC', crv: 'P-256', d, x: b64url.encode(point.slice(1, 33)), y: b64url.encode(point.slice(33, 65)), ext: true };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** RFC 8291 section 3 and RFC 8188: one aes128gcm record, as the device's browser reads it. */
export async function decryptPush(body: Uint8Array<ArrayBuffer>, device: DeviceKeys): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const userAgentPrivate = await crypto.subtle.importKey('jwk', device.privateJwk, { name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey }, userAgentPrivate, 256));
  const keyInfo = concat(utf8('WebPush: info\0'), b64url.decode(device.p256dh), serverPublic);
  const ikm = await hkdf(b64url.decode(device.auth), ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('not the last record: delimiter missing');
  return new TextDecoder().decode(padded.slice(0, end));
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked against k. Throws if it does not verify. */
export async function verifyVapid(authorization: string, expectedPublicKey: string): Promise<VapidClaims> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization.slice(0, 40)}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedPublicKey) throw new Error('k is not our public key');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = b64url.decode(k);
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: b64url.encode(point.slice(1, 33)), y: b64url.encode(point.slice(33, 65)) },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    b64url.decode(signature),
    utf8(`${header}.${claims}`),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const head = JSON.parse(new TextDecoder().decode(b64url.decode(header))) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`alg is ${head.alg}`);
  return JSON.parse(new TextDecoder().decode(b64url.decode(claims))) as VapidClaims;
}
