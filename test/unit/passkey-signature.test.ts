import { describe, expect, it } from 'vitest';
import { derToRawSignature, PasskeyRefused } from '../../src/admin/auth/passkey-verify';

/** ES256 signatures arrive DER-encoded; WebCrypto wants r||s. Checked against WebCrypto's own signatures. */

function der(r: number[], s: number[]) {
  const int = (bytes: number[]) => [0x02, bytes.length, ...bytes];
  const body = [...int(r), ...int(s)];
  return new Uint8Array([0x30, body.length, ...body]);
}

describe('derToRawSignature', () => {
  it('pads short integers and drops the sign byte of high ones', () => {
    const high = [0x80, ...Array(31).fill(1)];
    const raw = derToRawSignature(der([0, ...high], [5]));
    expect([...raw.slice(0, 32)]).toEqual(high);
    expect([...raw.slice(32)]).toEqual([...Array(31).fill(0), 5]);
  });

  it('gives what WebCrypto verifies', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const data = new TextEncoder().encode('signed');
    for (let i = 0; i < 20; i++) {
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, data));
      const strip = (b: Uint8Array) => {
        let v = [...b];
        while (v.length > 1 && v[0] === 0) v = v.slice(1);
        return v[0]! & 0x80 ? [0, ...v] : v;
      };
      const back = derToRawSignature(der(strip(raw.slice(0, 32)), strip(raw.slice(32))));
      expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, keys.publicKey, back, data)).toBe(true);
    }
  });

  it.each([
    ['empty', new Uint8Array()],
    ['not a sequence', new Uint8Array([0x31, 0])],
    ['a wrong length', new Uint8Array([0x30, 9, 2, 1, 1, 2, 1, 1])],
    ['trailing bytes', new Uint8Array([...der([1], [1]), 0])],
    ['an integer too large', der(Array(33).fill(1), [1])],
    ['a zero-length integer', der([], [1])],
  ])('refuses %s', (_name, bytes) => {
    expect(() => derToRawSignature(bytes)).toThrow(PasskeyRefused);
  });
});
