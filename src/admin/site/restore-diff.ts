import { regionTowns } from '../../content/region-towns';
import { emergencyLineOf } from '../../site-content/emergency-line';
import { factsAsRead } from '../../site-content/facts-as-read';
import { invoicingOf } from '../../site-content/invoicing';
import type { Facts, SiteContent } from '../../site-content/model';
import { hoursInWords } from '../../site-content/opening-hours';
import { FACT_LABELS } from './facts-form';

/**
 * What restoring a revision would change on the live site, section by section and field by field,
 * in words: shown before the owner confirms a restore, whole or one section.
 */

export const RESTORABLE = ['facts', 'notices', 'prices', 'services', 'faqs', 'testimonials', 'areas'] as const;
export type RestorableSection = (typeof RESTORABLE)[number];

export const SECTION_LABELS: Record<RestorableSection, string> = {
  facts: 'Business facts',
  notices: 'Notices',
  prices: 'Prices',
  services: 'Services',
  faqs: 'FAQ',
  testimonials: 'Reviews',
  areas: 'Areas',
};

export interface SectionChanges {
  section: RestorableSection;
  label: string;
  changes: string[];
}

const quote = (text: string) => `“${text.length > 70 ? `${text.slice(0, 67)}…` : text}”`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function factInWords(key: keyof Facts, facts: Facts): string {
  const value = facts[key];
  switch (key) {
    case 'hours':
      return facts.hours.mode === '24/7' ? 'open 24/7' : hoursInWords(facts.hours.days);
    case 'emergencyLine247':
      return emergencyLineOf(facts).allHours ? '24/7, outside the opening hours too' : 'only in the opening hours';
    case 'address':
      return Object.values(facts.address).filter(Boolean).join(', ');
    case 'position':
      return regionTowns.find((t) => t.lat === facts.position.lat && t.lng === facts.position.lng)?.name ?? 'a place on the map';
    case 'accreditations':
      return facts.accreditations.map((a) => a.name).join(', ') || 'none';
    case 'stats':
      return facts.stats.map((s) => `${s.value} ${s.label}`).join(', ');
    case 'response':
      return facts.response.average;
    case 'rating':
      return `${facts.rating.value}/${facts.rating.best} by ${facts.rating.count}`;
    case 'invoicing': {
      const invoicing = invoicingOf(facts);
      return `${invoicing.termsDays === 0 ? 'due on completion' : `due in ${invoicing.termsDays} days`}, year end ${invoicing.yearEnd.day}/${invoicing.yearEnd.month}`;
    }
    default:
      return typeof value === 'string' ? (value === '' ? 'empty' : value) : (JSON.stringify(value) ?? 'not set');
  }
}

function factChanges(live: Facts, restored: Facts): string[] {
  const [now, then] = [factsAsRead(live), factsAsRead(restored)];
  return (Object.keys(FACT_LABELS) as (keyof Facts)[])
    .filter((key) => !same(now[key], then[key]))
    .map((key) => {
      const label = FACT_LABELS[key];
      return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${quote(factInWords(key, now))} becomes ${quote(factInWords(key, then))}`;
    });
}

/** Items of a list matched by a key: which go, which come back, which change. */
function listChanges<T>(
  now: readonly T[],
  then: readonly T[],
  key: (item: T) => string,
  name: string,
  label: (item: T) => string,
) {
  const changes: string[] = [];
  for (const item of now) {
    const match = then.find((other) => key(other) === key(item));
    if (!match) changes.push(`${name} ${label(item)} will be removed`);
    else if (!same(item, match)) changes.push(`${name} ${label(item)} goes back to how it was`);
  }
  for (const item of then) if (!now.some((other) => key(other) === key(item))) changes.push(`${name} ${label(item)} comes back`);
  if (changes.length === 0 && !same(now, then)) changes.push('The order changes');
  return changes;
}

const setChanges = (now: readonly string[], then: readonly string[], name: string) => [
  ...then.filter((x) => !now.includes(x)).map((x) => `${name} ${x} comes back`),
  ...now.filter((x) => !then.includes(x)).map((x) => `${name} ${x} will be removed`),
];

const price = (p: SiteContent['prices'][string] | undefined) =>
  p ? `from £${p.from}${p.vatIncluded ? ' (VAT included)' : ''}` : 'no price';

export function restoreChanges(now: SiteContent, then: SiteContent): SectionChanges[] {
  const titleOf = (slug: string) => now.services.find((s) => s.slug === slug)?.title ?? slug;
  const bySection: Record<RestorableSection, string[]> = {
    facts: factChanges(now.facts, then.facts),
    notices: listChanges(
      now.notices,
      then.notices,
      (n) => n.id,
      'Notice',
      (n) => quote(n.text),
    ),
    prices: [...new Set([...Object.keys(now.prices), ...Object.keys(then.prices)])]
      .filter((slug) => !same(now.prices[slug], then.prices[slug]))
      .map((slug) => `${titleOf(slug)}: ${price(now.prices[slug])} becomes ${price(then.prices[slug])}`),
    services: listChanges(
      now.services,
      then.services,
      (s) => s.slug,
      'The page of',
      (s) => quote(s.title),
    ),
    faqs: listChanges(
      now.faqs,
      then.faqs,
      (f) => f.question,
      'The question',
      (f) => quote(f.question),
    ),
    testimonials: listChanges(
      now.testimonials,
      then.testimonials,
      (r) => `${r.name}|${r.text}`,
      'The review by',
      (r) => r.name,
    ),
    areas: [
      ...setChanges(now.areas.places, then.areas.places, 'The place'),
      ...setChanges(
        now.areas.towns.map((t) => t.name),
        then.areas.towns.map((t) => t.name),
        'The map town',
      ),
      ...setChanges(now.areas.districts, then.areas.districts, 'The postcode district'),
      ...(same(now.areas.outline, then.areas.outline) ? [] : ['The shaded area on the map changes shape']),
    ],
  };
  return RESTORABLE.map((section) => ({ section, label: SECTION_LABELS[section], changes: bySection[section] })).filter(
    (s) => s.changes.length > 0,
  );
}
