/**
 * The one slug rule: what /blog/<slug> serves, what the editor accepts and what it makes from a
 * title. Browser-safe (no imports).
 */

/** Lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The blog route serves slugs up to 120 characters; made slugs stop at 80, leaving room for '-2'. */
export const MAX_SLUG_LENGTH = 120;

/** A slug that could exist: anything else is answered 404 without asking the database. */
export const isValidSlug = (slug: string) => slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);

const MADE_SLUG_LENGTH = 80;

/** 'Drains & Gullies: What’s Normal?' -> 'drains-and-gullies-whats-normal'. May return ''. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2018\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= MADE_SLUG_LENGTH) return words;
  const cut = words.slice(0, MADE_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut.slice(0, MADE_SLUG_LENGTH)).replace(/-+$/, '');
}

/** The first of base, base-2, base-3 ... that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
