import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode';

/**
 * base64url without padding, the one way the Worker writes bytes into tokens, cookies, ids and
 * file names (hono's encoder underneath). Padding is left off because every reader here knows
 * the length it expects, and `=` would need escaping in a URL or a cookie.
 */
export function toBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // hono takes a whole buffer: copy a view that covers only part of its buffer.
  const whole = view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view.buffer : view.slice().buffer;
  return encodeBase64Url(whole).replace(/=+$/, '');
}

/** Decodes base64url without padding; null for anything that is not strictly that. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  return decodeBase64Url(text);
}
