import type { FieldErrors } from '../../rules/validation';
import type { Review, SiteContent } from '../../site-content/model';
import { faqSchema, isGoogleLink, priceSchema, reviewSchema, validateWith } from '../../site-content/rules';

/**
 * Each site form read into a new SiteContent, or its messages by field. A form posts flat fields
 * (lists as name0, name1 …); nothing is saved unless the whole form is right.
 */
export type Form = Record<string, string>;
export type FormResult = { ok: true; content: SiteContent; summary: string } | { ok: false; errors: FieldErrors };

/** How many rows a list form had when it was read (a stale form comes back with its own rows). */
export const rowCount = (form: Form, fallback: number) => {
  const count = Number(form.count);
  return form.count !== undefined && Number.isInteger(count) && count >= 0 && count <= 100 ? count : fallback;
};

export const field = (form: Form, name: string) => (typeof form[name] === 'string' ? form[name] : '');

export function readPrices(content: SiteContent, form: Form): FormResult {
  const errors: FieldErrors = {};
  const prices: SiteContent['prices'] = {};
  for (const service of content.services) {
    const result = validateWith(priceSchema, field(form, `price-${service.slug}`));
    if (!result.ok) errors[`price-${service.slug}`] = Object.values(result.errors)[0] ?? 'Please check this price.';
    else if (result.data !== '')
      prices[service.slug] = { from: Number(result.data), vatIncluded: form[`vat-${service.slug}`] === 'on' };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: { ...content, prices }, summary: 'Prices' };
}

/** Rows of a list form (FAQ, reviews, towns): kept unless ticked for removal, in the order given, plus a new row when filled. */
function rows(form: Form, count: number, names: readonly string[]) {
  const all = [];
  for (let i = 0; i <= count; i++) {
    const row = Object.fromEntries(names.map((name) => [name, field(form, `${name}${i}`)]));
    const isNew = i === count;
    if (
      form[`remove${i}`] === 'on' ||
      (isNew && names.every((name) => row[name] === '' || name === 'rating' || name === 'source'))
    )
      continue;
    const order = Number(field(form, `order${i}`)) || i + 1;
    all.push({ index: i, order, row });
  }
  return all.sort((a, b) => a.order - b.order || a.index - b.index);
}

function readList<T>(
  form: Form,
  count: number,
  names: readonly string[],
  check: (row: Record<string, string>) => { ok: true; data: T } | { ok: false; errors: FieldErrors },
): { ok: true; items: T[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const items: T[] = [];
  for (const { index, row } of rows(form, count, names)) {
    const result = check(row);
    if (result.ok) items.push(result.data);
    else for (const [name, message] of Object.entries(result.errors)) errors[`${name}${index}`] ??= message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, items };
}

export function readFaqs(content: SiteContent, form: Form): FormResult {
  const read = readList(form, rowCount(form, content.faqs.length), ['question', 'answer'], (row) => validateWith(faqSchema, row));
  if (!read.ok) return read;
  if (read.items.length === 0) return { ok: false, errors: { _form: 'Keep at least one question: the FAQ page needs one.' } };
  return { ok: true, content: { ...content, faqs: read.items }, summary: 'FAQ' };
}

const GOOGLE_LINK =
  'To show “Verified on Google”, paste the link to this review on Google (https://maps.app.goo.gl/… or https://www.google.com/…), or choose “Told to us directly”.';

export function readReviews(content: SiteContent, form: Form): FormResult {
  const names = ['name', 'location', 'rating', 'text', 'date', 'source', 'link'];
  const read = readList(form, rowCount(form, content.testimonials.length), names, (row) => {
    const result = validateWith(reviewSchema, row);
    if (!result.ok) return result;
    const { link, ...review } = result.data;
    // No platform's badge without the review's own address on that platform; a review already
    // published with the badge (the site's first reviews) keeps it while its words are unchanged.
    const unchanged = content.testimonials.some(
      (r) => r.source === 'google' && !r.link && r.name === review.name && r.text === review.text,
    );
    if (review.source === 'google' && !isGoogleLink(link) && !(link === '' && unchanged))
      return { ok: false, errors: { link: GOOGLE_LINK } };
    const data: Review = { ...review, rating: Number(review.rating) as Review['rating'] };
    if (review.source === 'google' && link) data.link = link;
    return { ok: true, data };
  });
  if (!read.ok) return read;
  return { ok: true, content: { ...content, testimonials: read.items }, summary: 'Reviews' };
}
