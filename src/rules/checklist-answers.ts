/**
 * How a number and a finding at a distance are written into a checklist answer, and read back
 * into the engineer's fields (issue 57). The answer is stored as the words a report prints
 * ("100 mm", "Crack at 4.5 m"), so the report and the office's view need nothing new. Pure.
 */

/** What the engineer may type as a number: digits, with a point or a comma before up to three decimals. */
export const NUMBER_PATTERN = '[0-9]{1,7}([.,][0-9]{1,3})?';
const NUMBER = new RegExp(`^${NUMBER_PATTERN}$`);
export const NUMBER_MAX_LENGTH = 11;

/** A typed number as the report writes it ("4,50" → "4.5"), or null when it is not one. */
export function readNumber(typed: string): string | null {
  const value = typed.trim();
  if (!NUMBER.test(value)) return null;
  return String(Number(value.replace(',', '.')));
}

export const numberAnswer = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

export const distanceAnswer = (what: string, metres: string) => `${what} at ${metres} m`;

/** A stored answer back in the engineer's fields: the number without its unit; what was found and where. */
export function answerFields(type: string, unit: string | undefined, stored: string | undefined): { answer: string; at: string } {
  if (stored === undefined) return { answer: '', at: '' };
  if (type === 'number') {
    const value = unit && stored.endsWith(` ${unit}`) ? stored.slice(0, -unit.length - 1) : stored;
    return { answer: readNumber(value) === null ? '' : value, at: '' };
  }
  if (type === 'distance') {
    const match = /^(.*) at ([0-9.]+) m$/s.exec(stored);
    return match ? { answer: match[1] ?? '', at: match[2] ?? '' } : { answer: stored, at: '' };
  }
  return { answer: stored, at: '' };
}
