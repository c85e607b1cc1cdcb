import { serviceAreas, servicePolygon, towns } from '../content/areas';
import { faqs } from '../content/faqs';
import { lineWordings } from '../content/line-wording';
import { servedDistricts } from '../content/postcode-districts';
import { services } from '../content/services';
import { testimonials } from '../content/testimonials';
import { defaultFacts } from '../site';
import type { SiteContent } from './model';

/**
 * The first content revision: today's typed defaults of the site's facts and content modules. A fresh
 * database has no row in `content_revisions`, and reads this instead (revision 0).
 */
export function defaultContent(): SiteContent {
  return structuredClone({
    facts: defaultFacts,
    notices: [],
    prices: {},
    services: services.map(({ icon: _icon, cta: _cta, ...text }) => text),
    faqs: [...faqs],
    testimonials: testimonials.map(({ initials: _initials, ...review }) => ({ ...review, date: '', source: 'google' as const })),
    areas: { places: [...serviceAreas], towns: [...towns], districts: [...servedDistricts], outline: [...servicePolygon] },
  }) as SiteContent;
}

/** The default texts that say "24/7", with their wording within hours: every one `defaultContent` holds. */
export function defaultLineWording(): Record<string, string> {
  defaultContent();
  return lineWordings();
}
