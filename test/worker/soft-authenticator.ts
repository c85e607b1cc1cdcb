import { toBase64Url } from '../../src/rules/base64url';

/**
 * A software passkey for the worker tests: a real P-256 key in WebCrypto, and the bytes an
 * authenticator returns (CBOR attestation with fmt "none", authenticator data, DER signature),
 * built as the WebAuthn spec says, so the Worker checks them as it would a phone's.
 * Each part can be made wrong on purpose (origin, RP ID, signing key, challenge).
 */

const encoder = new TextEncoder();
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Just enough CBOR: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Uint8Array {
  const head = (major: number, n: number) =>
    n < 24
      ? new Uint8Array([(major << 5) | n])
      : n < 256
        ? new Uint8Array([(major << 5) | 24, n])
        : new Uint8Array([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (typeof value === 'string') {
    const bytes = encoder.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Map) return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
  throw new Error('cbor: unsupported value');
}

/** WebCrypto signs ECDSA as r||s; WebAuthn wants DER. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let trimmed = bytes.slice(i);
    if (trimmed[0]! & 0x80) trimmed = concat(new Uint8Array([0]), trimmed);
    return concat(new Uint8Array([0x02, trimmed.length]), trimmed);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Overrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Sign with another key than the one registered. */
  signWith?: CryptoKey;
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  private counter = 0;

  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly origin: string,
    readonly rpId: string,
  ) {}

  static async create(origin = 'https://www.example.com', rpId = 'www.example.com') {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, origin, rpId);
  }

  static async otherKey(): Promise<CryptoKey> {
    return ((await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair)
      .privateKey;
  }

  get id() {
    return toBase64Url(this.credentialId);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array) {
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, this.counter);
    return concat(await sha256(encoder.encode(rpId)), new Uint8Array([flags]), counter, attested ?? new Uint8Array());
  }

  private clientData(type: string, challenge: string, origin: string) {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create()'s answer to registration options, as JSON. */
  async register(options: { challenge: string }, o: Overrides = {}) {
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const b = (s: string) =>
      new Uint8Array(Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0)));
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, b(jwk.x!)],
        [-3, b(jwk.y!)],
      ]),
    );
    const idLength = new Uint8Array([0, this.credentialId.length]);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, cose);
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40;
    const authData = await this.authData(o.rpId ?? this.rpId, flags, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', o.challenge ?? options.challenge, o.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64Url(clientDataJSON),
        attestationObject: toBase64Url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get()'s answer to authentication options, as JSON. */
  async assert(options: { challenge: string }, o: Overrides = {}) {
    this.counter += 1;
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04);
    const authData = await this.authData(o.rpId ?? this.rpId, flags);
    const clientDataJSON = this.clientData('webauthn.get', o.challenge ?? options.challenge, o.origin ?? this.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, o.signWith ?? this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64Url(clientDataJSON),
        authenticatorData: toBase64Url(authData),
        signature: toBase64Url(derSignature(raw)),
        userHandle: toBase64Url(encoder.encode('person-1')),
      },
    };
  }
}
