/**
 * Phone numbers, every rule about them in one place: what the lead forms accept, what the owner's
 * site facts accept (a UK number), how a number becomes a tel: link, and how the owner's search
 * compares them: by digits, with a UK number matching however it was written (01632 960123,
 * +44 1632 960123, 0044 1632 960123, +44 (0)1632 960123). The database strips the same
 * separators in SQL (`storedPhoneDigits`). This module goes to the browser: no imports.
 */

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Whether a UK number's national digits (with the 0) have a length the UK plan gives them: 11
 * digits, or 10 only for some 01 area codes and 0800 / 0500 freephone (01697 73456, 0800 123456).
 * A mobile (07...) is always 11: '0770090098' is one digit short, not a number.
 */
const ukNationalLengthOk = (national: string) =>
  /^0[1-9]\d{9}$/.test(national) || /^0(?:1\d{8}|800\d{6}|500\d{6})$/.test(national);

/**
 * The national digits of a number written the UK way (0..., +44..., 0044..., +44 (0)...), or null
 * for a number written any other way (an international one without +44, or digits that do not
 * start with 0).
 */
function writtenAsUk(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  const international = /^\s*(?:\+|00)44/.test(value) ? /^(?:00)?44(0?)(\d*)$/.exec(digits) : null;
  if (international) return `0${international[2]}`;
  return /^\s*\(?0(?!0)/.test(value) ? digits : null;
}

/**
 * What the lead forms accept: digits with the usual separators, 7 to 15 digits (E.164's most);
 * a number written the UK way must also have a UK number's length.
 */
export const isPhoneNumber = (value: string) => {
  if (!/^\+?[\d\s().-]+$/.test(value) || digitCount(value) < 7 || digitCount(value) > 15) return false;
  const national = writtenAsUk(value);
  return national === null || ukNationalLengthOk(national);
};

/** A UK number: 01…, 02…, 03…, 07… or +44, of a UK number's length (above); spaces allowed. */
export const isUkPhone = (value: string) => {
  const text = value.trim().replace(/[()-]/g, '');
  if (!/^(?:\+44\s?|0)(?:\d\s?){9,10}$/.test(text)) return false;
  const national = writtenAsUk(value.trim());
  return national !== null && ukNationalLengthOk(national);
};

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

/**
 * One key for a number however it was written, to tell a customer who comes back
 * (`matchKeysOf`): a UK number's national digits ('07700900777' from '+44 7700 900777',
 * '0044 7700 900777', '+44 (0)7700 900777'), any other number its digits without a leading 00
 * (what is dialled after the +). '' for no number.
 */
export function phoneMatchKey(value: string): string {
  const digits = phoneDigits(value);
  return ukNational(digits) ?? digits.replace(/^00/, '');
}

/** How many characters of a UK number (with its 0) come before its first space, by how it starts. */
function ukAreaLength(national: string): number {
  if (national.length === 10) return national.startsWith('08') ? 4 : 5; // 0800 123456, 01697 73456
  if (/^0(?:2|55|56|70|76)/.test(national)) return 3; // 020 7946 0000, 056 ...
  if (/^0(?:1\d1|11\d|[389])/.test(national)) return 4; // 0113 496 0000, 0800 ..., 0345 ...
  return 5; // 01632 960123, 07700 900777
}

/**
 * A phone number as people in the UK write it: '+44 7700 900777', '00447700900777' and
 * '07700900777' all become '07700 900777', '+44 20 7946 0000' '020 7946 0000'. Any other
 * number keeps its spacing with its '+' written as '00' (how it is dialled from the UK), so no
 * spreadsheet reads it as a formula. '' stays ''.
 */
export function nationalPhone(value: string): string {
  const text = value.trim();
  const national = ukNational(phoneDigits(text));
  if (!national) return text.replace(/^\+/, '00');
  const area = ukAreaLength(national);
  const rest = national.slice(area);
  // After a short code the rest reads as 3 + 4 or 4 + 4; after a long one, as one block.
  const split = rest.length === 7 ? 3 : rest.length === 8 ? 4 : rest.length;
  return [national.slice(0, area), rest.slice(0, split), rest.slice(split)].filter(Boolean).join(' ');
}
