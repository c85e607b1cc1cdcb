import type { FieldErrors } from '../../rules/validation';
import type { Notice, Review, SiteContent } from '../../site-content/model';
import { faqSchema, noticeSchema, priceSchema, reviewSchema, townSchema, validateWith } from '../../site-content/rules';

/**
 * Each site form read into a new SiteContent, or its messages by field. A form posts flat fields
 * (lists as name0, name1 …); nothing is saved unless the whole form is right.
 */
export type Form = Record<string, string>;
export type FormResult = { ok: true; content: SiteContent; summary: string } | { ok: false; errors: FieldErrors };

export const field = (form: Form, name: string) => (typeof form[name] === 'string' ? form[name] : '');

export function addNotice(content: SiteContent, form: Form): FormResult {
  const result = validateWith(noticeSchema, form);
  if (!result.ok) return result;
  const n = result.data;
  const errors: FieldErrors = {};
  if (n.ends <= n.starts) errors.ends = 'The end must be after the start.';
  if (n.hoursChange === 'hours' && !(n.opens && n.closes && n.opens < n.closes))
    errors.opens = 'Please give the opening and closing times, opening first.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const notice: Notice = { id: crypto.randomUUID().slice(0, 8), text: n.text, starts: n.starts, ends: n.ends };
  if (n.hoursChange === 'closed') notice.hours = { opens: '', closes: '' };
  if (n.hoursChange === 'hours') notice.hours = { opens: n.opens, closes: n.closes };
  return { ok: true, content: { ...content, notices: [...content.notices, notice] }, summary: 'Notice added' };
}

export function removeNotice(content: SiteContent, id: string): FormResult {
  if (!content.notices.some((notice) => notice.id === id))
    return { ok: false, errors: { _form: 'That notice is no longer there.' } };
  return {
    ok: true,
    content: { ...content, notices: content.notices.filter((notice) => notice.id !== id) },
    summary: 'Notice removed',
  };
}

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
  const read = readList(form, content.faqs.length, ['question', 'answer'], (row) => validateWith(faqSchema, row));
  if (!read.ok) return read;
  if (read.items.length === 0) return { ok: false, errors: { _form: 'Keep at least one question: the FAQ page needs one.' } };
  return { ok: true, content: { ...content, faqs: read.items }, summary: 'FAQ' };
}

export function readReviews(content: SiteContent, form: Form): FormResult {
  const read = readList(form, content.testimonials.length, ['name', 'location', 'rating', 'text', 'date', 'source'], (row) => {
    const result = validateWith(reviewSchema, row);
    return result.ok ? { ok: true, data: { ...result.data, rating: Number(result.data.rating) as Review['rating'] } } : result;
  });
  if (!read.ok) return read;
  return { ok: true, content: { ...content, testimonials: read.items }, summary: 'Reviews' };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function readAreas(content: SiteContent, form: Form): FormResult {
  const errors: FieldErrors = {};
  const places = lines(field(form, 'places'));
  if (places.length === 0) errors.places = 'Keep at least one place: the pages list where you work.';
  else if (places.some((place) => place.length > 60) || places.length > 60)
    errors.places = 'At most 60 places, each under 60 characters.';
  const districts = [
    ...new Set(
      field(form, 'districts')
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ];
  if (districts.length === 0) errors.districts = 'Keep at least one postcode district, like BH6.';
  else if (districts.some((d) => !/^[A-Z]{1,2}\d[A-Z\d]?$/.test(d)))
    errors.districts = 'Postcode districts only, like BH6 or SO41, separated by spaces.';
  const towns = [];
  for (const [i, line] of lines(field(form, 'towns')).entries()) {
    const [name = '', lat = '', lng = ''] = line.split('|').map((part) => part.trim());
    const result = validateWith(townSchema, { name, lat, lng });
    if (!result.ok) {
      errors.towns = `Line ${i + 1}: write each town as "Name | latitude | longitude", like "Poole | 50.715 | -1.987".`;
      break;
    }
    towns.push(result.data);
  }
  const outline: [number, number][] = [];
  for (const line of lines(field(form, 'outline'))) {
    const [lat = '', lng = ''] = line.split('|').map((part) => part.trim());
    const result = validateWith(townSchema, { name: 'corner', lat, lng });
    if (!result.ok) {
      errors.outline = 'Write each corner as "latitude | longitude", like "50.68 | -2.06".';
      break;
    }
    outline.push([result.data.lng, result.data.lat]);
  }
  if (!errors.outline && (outline.length < 3 || outline.length > 30))
    errors.outline = 'The shaded area needs from 3 to 30 corners.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: { ...content, areas: { places, towns, districts, outline } }, summary: 'Areas' };
}
