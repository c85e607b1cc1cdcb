import { toBase64Url } from '../rules/base64url';

/**
 * A calendar feed's secret: 256 random bits, base64url (43 characters), shown to its person once
 * and kept only as its SHA-256, so neither the database nor a log holds a working address.
 */
export const FEED_TOKEN_PATTERN = '[A-Za-z0-9_-]{43}';

export const newFeedToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function feedTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const feedPath = (token: string) => `/calendar/${token}.ics`;
