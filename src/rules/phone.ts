/**
 * Phone numbers as the owner's search compares them: by digits, with a UK number matching however
 * it was written (01632 960123, +44 1632 960123, 0044 1632 960123, +44 (0)1632 960123).
 */

/**
 * Every character the forms accept in a phone number besides digits (src/leads/schemas.ts:
 * `+`, `(`, `)`, `.`, `-` and JavaScript's `\s` less line breaks and control characters). The
 * database strips exactly these before comparing; a unit test keeps the list complete.
 */
export const PHONE_SEPARATORS: readonly string[] = [
  '+',
  '(',
  ')',
  '.',
  '-',
  ' ',
  '\t',
  '\u00a0',
  '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** A UK number's national digits (0 and 9 or 10 more), from any of the usual ways of writing it. */
function ukNational(digits: string): string | undefined {
  if (/^0[1-9]\d{8,9}$/.test(digits)) return digits;
  const international = digits.match(/^(?:00)?440?([1-9]\d{8,9})$/);
  return international ? `0${international[1]}` : undefined;
}

/**
 * The digit strings that count as the same number as `value`. A UK number gives its national,
 * international, 00 and (0) forms; any other number only its own digits.
 */
export function phoneDigitVariants(value: string): string[] {
  const digits = phoneDigits(value);
  const national = ukNational(digits);
  if (!national) return [digits];
  const rest = national.slice(1);
  return [national, `44${rest}`, `0044${rest}`, `440${rest}`, `00440${rest}`];
}
