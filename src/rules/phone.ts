/**
 * Phone numbers, every rule about them in one place: what the lead forms accept, what the owner's
 * site facts accept (a UK number), how a number becomes a tel: link, and how the owner's search
 * compares them: by digits, with a UK number matching however it was written (01632 960123,
 * +44 1632 960123, 0044 1632 960123, +44 (0)1632 960123). The database strips the same
 * separators in SQL (src/db/stored-phone.ts). This module goes to the browser: no imports.
 */

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** What the lead forms accept: digits with the usual separators, 7 to 15 digits (E.164's most). */
export const isPhoneNumber = (value: string) =>
  /^\+?[\d\s().-]+$/.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15;

/** A UK number: 01…, 02…, 03…, 07… or +44, 10 or 11 digits in all; spaces allowed. */
export const isUkPhone = (value: string) => /^(?:\+44\s?|0)(?:\d\s?){9,10}$/.test(value.trim().replace(/[()-]/g, ''));

/** '01632 960 123' or '+44 1632 960123' -> '+441632960123'. */
export function e164(number: string): string {
  const digits = number.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `+${digits.slice(1).replace(/\D/g, '')}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits.startsWith('0') ? `+44${digits.slice(1)}` : `+${digits}`;
}

export const telHref = (number: string) => `tel:${e164(number)}`;

/**
 * Every character the forms accept in a phone number besides digits (isPhoneNumber above:
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
