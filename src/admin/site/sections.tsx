import { townField } from '../../content/region-towns';
import { cornersText } from '../../map/area-shape';
import type { SiteContent } from '../../site-content/model';
import { renderAdmin, signedIn } from '../shell/render';
import { AreasPage } from './AreasPage';
import { readAreas, townChoices } from './areas-form';
import type { Ctx } from './context';
import { type Form, type FormResult, readFaqs, readPrices, readReviews, rowCount } from './forms';
import { FaqPage, PricesPage, ReviewsPage } from './ListPages';
import { NoticesPage } from './NoticesPage';
import { addNotice } from './notice-form';

/** The site's content forms, by the section of /admin/site/<section> they edit (the facts have their own routes). */
export type Section = 'notices' | 'prices' | 'faq' | 'reviews' | 'areas';

/** The form's fields as the page shows them: what was typed after a mistake, else the current values. */
export function valuesOf(section: Section, content: SiteContent): Form {
  switch (section) {
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
          [`link${i}`, r.link ?? ''],
          [`order${i}`, String(i + 1)],
        ]),
      );
    case 'areas':
      return {
        places: content.areas.places.join('\n'),
        ...Object.fromEntries(content.areas.towns.map((t) => [townField(t.name), 'on'])),
        districts: content.areas.districts.join(' '),
        area: 'keep',
        outline: cornersText(content.areas.outline),
      };
    default:
      return {};
  }
}

/** One section's form page, with the values shown and the messages beside them. */
export function sectionPage(
  c: Ctx,
  section: Section,
  revision: { id: number; content: SiteContent },
  values: Form,
  errors: Record<string, string>,
  status = 200,
) {
  const { content } = revision;
  const props = {
    csrf: c.get('session').csrf,
    revision: revision.id,
    values,
    errors,
    saved: c.req.query('saved') !== undefined && status === 200,
  };
  const chrome = signedIn(c, 'Site content', 'site');
  switch (section) {
    case 'notices':
      return renderAdmin(<NoticesPage {...props} content={content} />, chrome, status);
    case 'prices':
      return renderAdmin(<PricesPage {...props} content={content} />, chrome, status);
    case 'areas':
      return renderAdmin(<AreasPage {...props} towns={townChoices(content)} outline={content.areas.outline} />, chrome, status);
    case 'faq':
      return renderAdmin(<FaqPage {...props} count={rowCount(values, content.faqs.length)} />, chrome, status);
    case 'reviews':
      return renderAdmin(<ReviewsPage {...props} count={rowCount(values, content.testimonials.length)} />, chrome, status);
  }
}

const SECTIONS: readonly Section[] = ['notices', 'prices', 'faq', 'reviews', 'areas'];
export const sectionOf = (raw: string): Section | undefined =>
  (SECTIONS as readonly string[]).includes(raw) ? (raw as Section) : undefined;

/** Each section's form read into new content (a notice is added, so it has its own). */
export const READERS: Record<Section, (content: SiteContent, form: Form) => FormResult> = {
  notices: addNotice,
  prices: readPrices,
  faq: readFaqs,
  reviews: readReviews,
  areas: readAreas,
};

/**
 * The part of the content each section's form changes: a save is refused only if someone else
 * changed this part since the form was read. Adding a notice changes nothing anyone else edits.
 */
export const PARTS: Record<Section, (content: SiteContent) => unknown> = {
  notices: () => null,
  prices: (content) => content.prices,
  faq: (content) => content.faqs,
  reviews: (content) => content.testimonials,
  areas: (content) => content.areas,
};
