/**
 * Whether a quote's address is in an area we serve, judged by its postcode district:
 * - covered: its postcode is in one of the districts served (`servedDistricts`);
 * - outside: it has a postcode, in another district (still accepted; the owner is told, and so
 *   is the customer: the owner will confirm whether they can cover it);
 * The districts are the current content revision's (the owner edits them in /admin/site).
 * - unknown: no postcode we can recognise (the owner reads the address).
 */
export type AreaCheck = 'covered' | 'outside' | 'unknown';

/** UK postcode areas of a single letter; every other area has two. */
const ONE_LETTER_AREAS = new Set(['B', 'E', 'G', 'L', 'M', 'N', 'S', 'W']);

/** A whole postcode anywhere ('BH6 3AA', 'bh63aa'), its district first. */
const FULL_POSTCODE = /(?<![A-Z\d])([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})(?![A-Z\d])/gi;
/** A district alone, only as the address's last word ('…, Verwood BH31'). */
const DISTRICT_AT_END = /(?<![A-Z\d])([A-Z]{1,2}\d[A-Z\d]?)[\s.,]*$/i;

const isArea = (district: string) => {
  const letters = /^[A-Z]+/.exec(district)?.[0] ?? '';
  return letters.length === 2 || ONE_LETTER_AREAS.has(letters);
};

/** The whole postcodes in an address, in order, upper case: [district, inward code] each. */
const fullPostcodesIn = (address: string) =>
  [...address.matchAll(FULL_POSTCODE)]
    .map((match) => [match[1]!.toUpperCase(), match[2]!.toUpperCase()] as const)
    .filter(([district]) => isArea(district));

/** The address's last whole postcode without its space ('so41 9aa' -> 'SO419AA'); null without one. */
export function postcodeOf(address: string): string | null {
  const last = fullPostcodesIn(address).at(-1);
  return last ? `${last[0]}${last[1]}` : null;
}

/** The text with every whole postcode in it taken out. */
export const withoutPostcodes = (text: string) => text.replace(FULL_POSTCODE, ' ');

/** The postcode district of an address (its last whole postcode, or a district ending it), upper case. */
export function postcodeDistrictOf(address: string): string | null {
  const last = fullPostcodesIn(address).at(-1);
  if (last) return last[0];
  const end = DISTRICT_AT_END.exec(address)?.[1]?.toUpperCase();
  return end && isArea(end) ? end : null;
}

/**
 * `postcode`: the form's own postcode field, read first (autofill fills it and only the address's
 * first line); without one, the postcode is looked for in the address, as older requests had it.
 */
export function checkServiceArea(address: string, servedDistricts: readonly string[], postcode = ''): AreaCheck {
  const district = districtOfPostcode(postcode) ?? postcodeDistrictOf(address);
  if (!district) return 'unknown';
  return servedDistricts.includes(district) ? 'covered' : 'outside';
}

/**
 * A postcode in its normal form, as Royal Mail prints it: upper case, one space before the
 * inward code ('bh231aa' -> 'BH23 1AA', 'bh6 ' -> 'BH6'). Anything that is not a postcode or a
 * district comes back trimmed, with its spaces single, in upper case.
 */
export function normalPostcode(input: string): string {
  const squashed = input.trim().replace(/\s+/g, ' ').toUpperCase();
  const match = WHOLE_POSTCODE.exec(squashed);
  if (!match?.[1] || !isArea(match[1])) return squashed;
  return match[2] ? `${match[1]} ${match[2]}` : match[1];
}

/** A typed postcode carried into the quote form ('bh231aa' -> 'BH23 1AA'), when it is one; undefined otherwise. */
export function carriedPostcode(input: string | undefined): string | undefined {
  if (!input || districtOfPostcode(input) === null) return undefined;
  return normalPostcode(input);
}

/**
 * The place of `places` that was typed, by name ('christchurch', 'Milford-on-Sea'), in the
 * list's own spelling; null when none. "Do we cover you?" lists the places it serves under its
 * form, so a visitor may type one of them rather than a postcode.
 */
export function placeNamed(input: string, places: readonly string[]): string | null {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const typed = words(input.slice(0, MAX_PLACE_INPUT));
  if (typed === '') return null;
  return places.find((place) => words(place) === typed) ?? null;
}

/** The start of a contact message that carries a checked postcode and the service asked about. */
export function carriedMessage(postcode: string | undefined, serviceTitle: string | undefined): string {
  const lines = [postcode && `Postcode: ${postcode}`, serviceTitle && `About: ${serviceTitle}`].filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

/** A whole UK postcode or district, nothing else: 'BH23 1AA', 'bh231aa', 'BH6'. */
const WHOLE_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})?$/;
/** Longer than any postcode with spaces around it: not worth reading. */
const MAX_POSTCODE_INPUT = 16;
/** Longer than any place's name with spaces around it. */
const MAX_PLACE_INPUT = 60;

/**
 * The district of a typed postcode, when the whole of what was typed is a UK postcode or a
 * district (the areas' "Do we cover you?" check); null for anything else.
 */
export function districtOfPostcode(input: string): string | null {
  if (input.length > MAX_POSTCODE_INPUT) return null;
  const match = WHOLE_POSTCODE.exec(input.trim().replace(/\s+/g, ' ').toUpperCase());
  const district = match?.[1];
  return district && isArea(district) ? district : null;
}
