import { describe, expect, it } from 'vitest';
import { adminKey } from '../../src/admin/auth/crypto';
import { inviteTokenFor, inviteTokenHash } from '../../src/admin/people/invite-token';
import { requestKeyOf, requestToken } from '../../src/jobs/request-token';
import { checkFormToken, issueFormToken } from '../../src/leads/form-token';
import { toBase64Url } from '../../src/rules/base64url';
import { hmacKey, hmacSign, hmacVerify, sameBytes } from '../../src/rules/hmac';

/**
 * One HMAC helper signs every token we hand out. These tokens were written by the key set-ups
 * each kind had before it: a link in a customer's e-mail, an invitation, a session cookie or a
 * form left open must keep working, so the helper must give the same bytes.
 */
const ADMIN_TOKEN = 'test-admin-token-0123456789';

describe('tokens stay byte-identical', () => {
  it('the lead forms’ fill-time tokens', async () => {
    expect(await issueFormToken('test-signing-secret', 'quote', 1_764_000_000_000)).toBe(
      'quote.1764000000000.y2WhqAKQ3PgMvnb-CVZ96793QF8sbyBLZWSVFzo0MLs',
    );
    expect(await issueFormToken('another secret', 'contact', 1_700_000_000_123)).toBe(
      'contact.1700000000123.bNRECm3L3XcaYa3S91oW9gugTed-vALFH1ZrjdbxZnY',
    );
    const token = 'quote.1764000000000.y2WhqAKQ3PgMvnb-CVZ96793QF8sbyBLZWSVFzo0MLs';
    expect(await checkFormToken('test-signing-secret', 'quote', token, 1_764_000_010_000)).toBe('ok');
    expect(await checkFormToken('another secret', 'quote', token, 1_764_000_010_000)).toBe('invalid');
  });

  it('the customers’ request links', async () => {
    const link = 'AbCdEfGhIjKlMnOpQrStUv.L8jc87-9fR81ocxLLa603w';
    expect(await requestToken({ FORM_SIGNING_SECRET: 'test-signing-secret' }, 'AbCdEfGhIjKlMnOpQrStUv')).toBe(link);
    // Without the secret (local development), the development one.
    expect(await requestToken({ FORM_SIGNING_SECRET: '' }, 'zyxwvutsrqponmlkjihgfe')).toBe(
      'zyxwvutsrqponmlkjihgfe.Czjzac46MpeXbvTY3sHauA',
    );
    expect(await requestKeyOf({ FORM_SIGNING_SECRET: 'test-signing-secret' }, link)).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(await requestKeyOf({ FORM_SIGNING_SECRET: 'another secret' }, link)).toBeNull();
    // The same 16 bytes spelt with other spare bits in the last character: not ours.
    expect(await requestKeyOf({ FORM_SIGNING_SECRET: 'test-signing-secret' }, `${link.slice(0, -1)}x`)).toBeNull();
  });

  it('the admin’s invitations, sessions, CSRF tokens and passkey challenges', async () => {
    expect(await inviteTokenFor(ADMIN_TOKEN, 'nonce-abc')).toBe('-tOUwiZ-b2EiLzByGARpm7ZUNP7b3y1mJGyZKqRalFc');
    expect(await inviteTokenHash(ADMIN_TOKEN, 'some-token')).toBe('AbXdwIWV5WhwbjqZyWEYQ5FYp35JIO3O_H4tA7xTSM4');
    expect(await hmacSign(await adminKey(ADMIN_TOKEN, 'session'), 'session:secret')).toBe(
      'PqwIbmM_0fNv6jD_Y1ZT724v7LM-ObmqiBFy5pPnrDY',
    );
    expect(await hmacSign(await adminKey(ADMIN_TOKEN, 'csrf'), 'csrf:secret')).toBe(
      '1MEzbS93nBCuCJBZvEJCCvY1kMlQp_TLJr3zvVhHS3Q',
    );
    expect(await hmacSign(await adminKey(ADMIN_TOKEN, 'passkey-challenge'), 'x')).toBe(
      'cl7o60U6Gj4zLJSdUzYfiTTfLHAFaaz2YJUEM9LylHc',
    );
  });
});

describe('hmacVerify', () => {
  it('accepts the whole signature or its first bytes, in the one spelling we write, and nothing else', async () => {
    const key = await hmacKey('a secret');
    const whole = await hmacSign(key, 'message');
    expect(await hmacVerify(key, 'message', whole)).toBe(true);
    expect(await hmacVerify(key, 'another message', whole)).toBe(false);
    expect(await hmacVerify(await hmacKey('another secret'), 'message', whole)).toBe(false);
    const short = await hmacSign(key, 'message', 16);
    expect(whole.startsWith(short.slice(0, 21))).toBe(true);
    expect(await hmacVerify(key, 'message', short, 16)).toBe(true);
    expect(await hmacVerify(key, 'message', short)).toBe(false);
    expect(await hmacVerify(key, 'message', whole, 16)).toBe(false);
    // Too short to be worth checking, however it was cut.
    expect(await hmacVerify(key, 'message', await hmacSign(key, 'message', 8), 8)).toBe(false);
    expect(await hmacVerify(key, 'message', 'not base64url!')).toBe(false);
  });

  it('compares bytes without regard to where they differ', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(sameBytes(bytes, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(sameBytes(bytes, new Uint8Array([1, 2, 4]))).toBe(false);
    expect(sameBytes(bytes, new Uint8Array([1, 2]))).toBe(false);
    expect(toBase64Url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});
