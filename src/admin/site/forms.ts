import type { FieldErrors } from '../../leads/schemas';
import { type DayHours, type Facts, type Notice, type Review, type SiteContent, WEEKDAYS } from '../../site-content/model';
import {
  factsSchema,
  faqSchema,
  noticeSchema,
  priceSchema,
  reviewSchema,
  townSchema,
  validateWith,
} from '../../site-content/rules';

/**
 * Each site form read into a new SiteContent, or its messages by field. A form posts flat fields
 * (lists as name0, name1 …); nothing is saved unless the whole form is right.
 */
export type Form = Record<string, string>;
export type FormResult = { ok: true; content: SiteContent; summary: string } | { ok: false; errors: FieldErrors };

const field = (form: Form, name: string) => (typeof form[name] === 'string' ? form[name] : '');

/** The facts as the form's fields. */
export function factsFields(facts: Facts): Form {
  const hours = facts.hours.mode === 'days' ? facts.hours.days : [];
  return {
    ...Object.fromEntries(Object.entries(facts).filter(([, value]) => typeof value === 'string')),
    ...facts.address,
    lat: String(facts.position.lat),
    lng: String(facts.position.lng),
    accreditations: facts.accreditations.map((a) => (a.url ? `${a.name} | ${a.url}` : a.name)).join('\n'),
    hoursMode: facts.hours.mode,
    ...Object.fromEntries(
      hours.flatMap((day) => [
        [`opens-${day.day}`, day.opens],
        [`closes-${day.day}`, day.closes],
      ]),
    ),
    ...facts.response,
    ...Object.fromEntries(
      facts.stats.flatMap((stat, i) => [
        [`stat${i}value`, stat.value],
        [`stat${i}label`, stat.label],
      ]),
    ),
    ratingValue: String(facts.rating.value),
    ratingCount: String(facts.rating.count),
  } as Form;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How the history names each fact that a save changed. */
const FACT_LABELS: Record<keyof Facts, string> = {
  name: 'name',
  shortName: 'short name',
  tagline: 'tagline',
  blurb: 'description',
  emergencyPhone: 'emergency number',
  directorPhone: "director's number",
  directorName: "director's name",
  directorRole: "director's role",
  whatsappNumber: 'WhatsApp number',
  whatsappMessage: 'WhatsApp message',
  email: 'e-mail',
  instagram: 'Instagram',
  x: 'X',
  address: 'address',
  position: 'map position',
  companyNumber: 'company number',
  vatNumber: 'VAT number',
  accreditations: 'accreditations',
  hours: 'opening hours',
  response: 'response claims',
  stats: 'stats',
  reviewsUrl: 'reviews link',
  rating: 'rating',
  priceRange: 'price range',
  serviceAreaSummary: 'area summary',
};

/** 'Business facts: emergency number, e-mail': what the history shows for a save. */
function factsSummary(before: Facts, after: Facts): string {
  const changed = (Object.keys(FACT_LABELS) as (keyof Facts)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return changed.length > 0
    ? `Business facts: ${changed.map((key) => FACT_LABELS[key]).join(', ')}`
    : 'Business facts (no change)';
}

export function readFacts(content: SiteContent, form: Form): FormResult {
  const result = validateWith(factsSchema, form);
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  const accreditations = field(form, 'accreditations')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', url = ''] = line.split('|').map((part) => part.trim());
      return { name, url };
    });
  if (accreditations.some((a) => !a.name || a.name.length > 100 || (a.url && !/^https:\/\/\S+$/.test(a.url)))) {
    errors.accreditations = 'One per line: a name, then optionally " | " and a full https:// link.';
  }
  const days: DayHours[] = WEEKDAYS.map((day) => ({
    day,
    opens: field(form, `opens-${day}`),
    closes: field(form, `closes-${day}`),
  }));
  if (form.hoursMode === 'days') {
    const bad = days.find((d) => (d.opens || d.closes) && !(TIME.test(d.opens) && TIME.test(d.closes) && d.opens < d.closes));
    if (bad)
      errors[`opens-${bad.day}`] =
        `Please give ${bad.day}'s hours as HH:MM, opening before closing, or leave both empty for closed.`;
  }
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const f = result.data;
  const facts: Facts = {
    ...content.facts,
    name: f.name,
    shortName: f.shortName,
    tagline: f.tagline,
    blurb: f.blurb,
    emergencyPhone: f.emergencyPhone,
    directorPhone: f.directorPhone,
    directorName: f.directorName,
    directorRole: f.directorRole,
    whatsappNumber: f.whatsappNumber,
    whatsappMessage: f.whatsappMessage,
    email: f.email,
    instagram: f.instagram,
    x: f.x,
    address: { street: f.street, locality: f.locality, town: f.town, region: f.region, postcode: f.postcode.toUpperCase() },
    position: { lat: f.lat, lng: f.lng },
    companyNumber: f.companyNumber.toUpperCase(),
    vatNumber: f.vatNumber.toUpperCase(),
    accreditations,
    hours: f.hoursMode === '24/7' ? { mode: '24/7' } : { mode: 'days', days },
    response: { average: f.average, aim: f.aim, callBack: f.callBack },
    stats: [
      { value: f.stat0value, label: f.stat0label },
      { value: f.stat1value, label: f.stat1label },
      { value: f.stat2value, label: f.stat2label },
    ],
    reviewsUrl: f.reviewsUrl,
    rating: { ...content.facts.rating, value: f.ratingValue, count: f.ratingCount },
  };
  return { ok: true, content: { ...content, facts }, summary: factsSummary(content.facts, facts) };
}

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
