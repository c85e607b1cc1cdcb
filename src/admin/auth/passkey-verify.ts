import {
  AttestationStatementFormat,
  ClientDataType,
  COSEKeyType,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveP256,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
} from '@oslojs/webauthn';
import { fromBase64Url, toBase64Url } from '../../rules/base64url';
import type { RelyingParty } from './relying-party';

/**
 * The WebAuthn checks, with @oslojs/webauthn parsing the bytes (attestation object, authenticator
 * data, client data, COSE keys) and WebCrypto checking signatures. Attestation "none" only: the
 * options ask for none and browsers send none, so there are no certificate chains to check.
 * Every check the spec lists for a relying party that does not verify attestation: type,
 * challenge, origin, RP ID hash, user present and verified, the key's algorithm, the signature,
 * and a counter that only goes up.
 */

export class PasskeyRefused extends Error {}

const refuse = (why: string): never => {
  throw new PasskeyRefused(why);
};

const bytesOf = (value: unknown, what: string): Uint8Array<ArrayBuffer> =>
  (typeof value === 'string' && fromBase64Url(value)) || refuse(`${what} is not base64url`);

function checkClientData(raw: Uint8Array, type: ClientDataType, challenge: string, rp: RelyingParty) {
  const data = parseClientDataJSON(raw);
  if (data.type !== type) refuse('wrong client data type');
  if (toBase64Url(data.challenge) !== challenge) refuse('wrong challenge');
  if (data.origin !== rp.origin) refuse('wrong origin');
  if (data.crossOrigin === true) refuse('cross-origin');
}

/** A public key as a JWK (stored in passkeys.public_key), from the credential's COSE key: ES256 or RS256. */
function jwkOf(key: NonNullable<ReturnType<typeof parseAuthenticatorData>['credential']>['publicKey']): JsonWebKey {
  const big = (n: bigint, length?: number) => {
    let hex = n.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
    if (!length || bytes.length >= length) return toBase64Url(bytes);
    const padded = new Uint8Array(length);
    padded.set(bytes, length - bytes.length);
    return toBase64Url(padded);
  };
  if (key.type() === COSEKeyType.EC2 && key.algorithm() === coseAlgorithmES256) {
    const ec = key.ec2();
    if (ec.curve !== coseEllipticCurveP256) refuse('unsupported curve');
    return { kty: 'EC', crv: 'P-256', x: big(ec.x, 32), y: big(ec.y, 32), alg: 'ES256' };
  }
  if (key.type() === COSEKeyType.RSA && key.algorithm() === coseAlgorithmRS256) {
    const rsa = key.rsa();
    return { kty: 'RSA', n: big(rsa.n), e: big(rsa.e), alg: 'RS256' };
  }
  return refuse('unsupported key algorithm');
}

export interface RegistrationAnswer {
  id: string;
  response: { clientDataJSON: string; attestationObject: string; transports?: unknown };
}

/** A registration answer checked against its challenge: the credential to store. Throws PasskeyRefused. */
export function checkRegistration(answer: RegistrationAnswer, challenge: string, rp: RelyingParty) {
  checkClientData(bytesOf(answer.response?.clientDataJSON, 'clientDataJSON'), ClientDataType.Create, challenge, rp);
  const attestation = parseAttestationObject(bytesOf(answer.response?.attestationObject, 'attestationObject'));
  if (attestation.attestationStatement.format !== AttestationStatementFormat.None) refuse('attestation other than none');
  const data = attestation.authenticatorData;
  if (!data.verifyRelyingPartyIdHash(rp.id)) refuse('wrong RP ID');
  if (!data.userPresent || !data.userVerified) refuse('user not verified');
  if (!data.credential) refuse('no credential');
  const credential = data.credential!;
  const id = toBase64Url(credential.id);
  if (id !== answer.id) refuse('credential id mismatch');
  const transports = Array.isArray(answer.response.transports)
    ? answer.response.transports.filter((t): t is string => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t)).slice(0, 6)
    : [];
  return { id, publicKey: JSON.stringify(jwkOf(credential.publicKey)), counter: data.signatureCounter, transports };
}

/**
 * An ES256 assertion signature, DER (SEQUENCE of two INTEGERs) as authenticators send it, as the
 * 64 bytes r||s WebCrypto verifies. Written here rather than imported: an ASN.1 library for two
 * integers would add more to every cold start than this does.
 */
export function derToRawSignature(der: Uint8Array): Uint8Array<ArrayBuffer> {
  let at = 0;
  const byte = () => (at < der.length ? der[at++]! : refuse('signature too short'));
  if (byte() !== 0x30) refuse('signature is not a sequence');
  let length = byte();
  if (length === 0x81) length = byte();
  if (length !== der.length - at) refuse('signature length');
  const raw = new Uint8Array(64);
  for (const offset of [0, 32]) {
    if (byte() !== 0x02) refuse('signature integer');
    const size = byte();
    if (size === 0 || size > 33 || at + size > der.length) refuse('signature integer length');
    let value = der.subarray(at, at + size);
    at += size;
    while (value.length > 1 && value[0] === 0) value = value.subarray(1);
    if (value.length > 32) refuse('signature integer too large');
    raw.set(value, offset + 32 - value.length);
  }
  if (at !== der.length) refuse('signature has trailing bytes');
  return raw;
}

export interface AuthenticationAnswer {
  id: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
}

/** An assertion checked against its challenge and the stored key; returns the new counter. Throws PasskeyRefused. */
export async function checkAuthentication(
  answer: AuthenticationAnswer,
  challenge: string,
  rp: RelyingParty,
  stored: { publicKey: string; counter: number },
): Promise<number> {
  const clientDataJSON = bytesOf(answer.response?.clientDataJSON, 'clientDataJSON');
  const authenticatorData = bytesOf(answer.response?.authenticatorData, 'authenticatorData');
  const signature = bytesOf(answer.response?.signature, 'signature');
  checkClientData(clientDataJSON, ClientDataType.Get, challenge, rp);
  const data = parseAuthenticatorData(authenticatorData);
  if (!data.verifyRelyingPartyIdHash(rp.id)) refuse('wrong RP ID');
  if (!data.userPresent || !data.userVerified) refuse('user not verified');
  // A counter that does not go up means a cloned authenticator (passkeys that sync keep 0).
  if ((data.signatureCounter !== 0 || stored.counter !== 0) && data.signatureCounter <= stored.counter)
    refuse('counter went back');
  const jwk = JSON.parse(stored.publicKey) as JsonWebKey;
  const message = new Uint8Array(createAssertionSignatureMessage(authenticatorData, clientDataJSON));
  const ok =
    jwk.kty === 'EC'
      ? await crypto.subtle.verify(
          { name: 'ECDSA', hash: 'SHA-256' },
          await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']),
          derToRawSignature(signature),
          message,
        )
      : await crypto.subtle.verify(
          'RSASSA-PKCS1-v1_5',
          await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']),
          signature,
          message,
        );
  if (!ok) refuse('signature not verified');
  return data.signatureCounter;
}
