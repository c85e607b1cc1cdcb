import type { SiteContent } from '../../site-content/model';
import { ownTextsClaimingAllHours } from '../../site-content/own-claims';
import { renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import { FactsPage } from './FactsPage';
import { factsFields, readFacts } from './facts-form';
import { addNotice, type Form, type FormResult, readAreas, readFaqs, readPrices, readReviews } from './forms';
import { AreasPage, FaqPage, NoticesPage, PricesPage, ReviewsPage } from './ListPages';

/** The site's content forms, by the section of /admin/site/<section> they edit. */
export type Section = 'facts' | 'notices' | 'prices' | 'faq' | 'reviews' | 'areas';

/** The form's fields as the page shows them: what was typed after a mistake, else the current values. */
export function valuesOf(section: Section, content: SiteContent): Form {
  switch (section) {
    case 'facts':
      return factsFields(content.facts);
    case 'prices':
      return Object.fromEntries(
        Object.entries(content.prices).flatMap(([slug, price]) => [
          [`price-${slug}`, String(price.from)],
          [`vat-${slug}`, price.vatIncluded ? 'on' : ''],
        ]),
      );
    case 'faq':
      return Object.fromEntries(
        content.faqs.flatMap((faq, i) => [
          [`question${i}`, faq.question],
          [`answer${i}`, faq.answer],
          [`order${i}`, String(i + 1)],
        ]),
      );
    case 'reviews':
      return Object.fromEntries(
        content.testimonials.flatMap((r, i) => [
          [`name${i}`, r.name],
          [`location${i}`, r.location],
          [`rating${i}`, String(r.rating)],
          [`text${i}`, r.text],
          [`date${i}`, r.date],
          [`source${i}`, r.source],
          [`order${i}`, String(i + 1)],
        ]),
      );
    case 'areas':
      return {
        places: content.areas.places.join('\n'),
        towns: content.areas.towns.map((t) => `${t.name} | ${t.lat} | ${t.lng}`).join('\n'),
        districts: content.areas.districts.join(' '),
        outline: content.areas.outline.map(([lng, lat]) => `${lat} | ${lng}`).join('\n'),
      };
    default:
      return {};
  }
}

/** One section's form page, with the values shown and the messages beside them. */
export function sectionPage(
  c: Ctx,
  section: Section,
  content: SiteContent,
  values: Form,
  errors: Record<string, string>,
  status = 200,
) {
  const props = { csrf: c.get('session').csrf, values, errors, saved: c.req.query('saved') !== undefined && status === 200 };
  const chrome = signedIn(c, 'Site content', 'site');
  switch (section) {
    case 'facts':
      return renderAdmin(<FactsPage {...props} stillSayAllHours={ownTextsClaimingAllHours(content)} />, chrome, status);
    case 'notices':
      return renderAdmin(<NoticesPage {...props} content={content} />, chrome, status);
    case 'prices':
      return renderAdmin(<PricesPage {...props} content={content} />, chrome, status);
    case 'areas':
      return renderAdmin(<AreasPage {...props} />, chrome, status);
    case 'faq':
      return renderAdmin(<FaqPage {...props} count={content.faqs.length} />, chrome, status);
    case 'reviews':
      return renderAdmin(<ReviewsPage {...props} count={content.testimonials.length} />, chrome, status);
  }
}

const SECTIONS: readonly Section[] = ['facts', 'notices', 'prices', 'faq', 'reviews', 'areas'];
export const sectionOf = (raw: string): Section | undefined =>
  (SECTIONS as readonly string[]).includes(raw) ? (raw as Section) : undefined;

/** Each section's form read into new content (a notice is added, so it has its own). */
export const READERS: Record<Section, (content: SiteContent, form: Form) => FormResult> = {
  notices: addNotice,
  facts: readFacts,
  prices: readPrices,
  faq: readFaqs,
  reviews: readReviews,
  areas: readAreas,
};
