/**
 * base64url without padding, the one way the Worker writes bytes into tokens, cookies, ids and
 * file names. Padding is left off because every reader here knows the length it expects, and `=`
 * would need escaping in a URL or a cookie. btoa/atob underneath (in every runtime this code
 * meets), so this module needs nothing from outside src/rules/.
 */
export function toBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Decodes base64url without padding; null for anything that is not strictly that. The spare bits
 * of a last character are dropped (as atob does): a reader that must refuse another spelling of
 * the same bytes compares toBase64Url of the result with what it was given.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
