import { describe, expect, it } from 'vitest';
import { b64url, decryptPush, privateJwkOf } from '../support/web-push-decrypt';

/**
 * The tests' decryption (what a browser does with a push) checked against RFC 8291's own worked
 * example (Appendix A), so the Worker tests that decrypt our alerts with it prove the encryption
 * is RFC 8291's and not merely consistent with itself.
 */
describe('RFC 8291 decryption used by the push tests', () => {
  const device = {
    p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    privateJwk: privateJwkOf(
      'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    ),
  };
  const message =
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN';

  it("decrypts the RFC's example message to its plaintext", async () => {
    expect(await decryptPush(b64url.decode(message), device)).toBe('When I grow up, I want to be a watermelon');
  });

  it('refuses the message when one byte of it is changed', async () => {
    const bytes = b64url.decode(message);
    bytes[bytes.length - 1]! ^= 1;
    await expect(decryptPush(bytes, device)).rejects.toThrow();
  });
});
