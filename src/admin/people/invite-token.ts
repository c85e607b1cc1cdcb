import { hmacSign } from '../../rules/hmac';
import { adminKey, randomId } from '../auth/crypto';

/**
 * An invitation link's token: HMAC(nonce) under a key derived from ADMIN_TOKEN. The row keeps
 * the nonce (so a retried e-mail carries the same link) and a second HMAC of the token (so a
 * link finds its row); neither is a working link without the token's key.
 */
export const INVITE_TTL_MS = 48 * 60 * 60 * 1000;
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newInviteNonce = () => randomId(16);

export async function inviteTokenFor(adminToken: string, nonce: string): Promise<string> {
  return hmacSign(await adminKey(adminToken, 'invite'), `invite:${nonce}`);
}

export async function inviteTokenHash(adminToken: string, token: string): Promise<string> {
  return hmacSign(await adminKey(adminToken, 'invite'), `lookup:${token}`);
}

export const invitePath = (token: string) => `/admin/invite/${token}`;
