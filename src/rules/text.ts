/**
 * What counts as clean text in any field a person types into (the lead forms and the post
 * editor). Browser-safe: the islands check the same rules before sending.
 */

/** CR, LF and the Unicode line and paragraph separators: never allowed in a one-line field. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** Control characters other than tab, CR and LF (checked by code, which reads better than a regex). */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** A UTF-16 surrogate half on its own: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const isCleanText = (value: string) => !hasControlCharacter(value) && !LONE_SURROGATE.test(value);

export const isOneLine = (value: string) => !LINE_BREAK.test(value);

/** Text for HTML or SVG markup written as a string (an e-mail's body, the areas picture's towns). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
