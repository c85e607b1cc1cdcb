import * as v from 'valibot';
import { MAX_TERMS_DAYS } from '../rules/invoice-terms';
import { penceOfPounds } from '../rules/money';
import { isUkPhone } from '../rules/phone';
import { text, type Validation, validate } from '../rules/validation';

/**
 * The rules of the owner's site forms (/admin/site), with the same text rules as the lead forms
 * (the lead forms' schemas): trimmed, clean, bounded, required where it must be. Each form is read
 * as flat fields (the names the form's inputs carry); a message is keyed by the field's name.
 */

const required = (label: string, max: number) => text(label, max, `Please enter the ${label}.`, true);
const optional = (label: string, max: number) => v.optional(text(label, max, null, true), '');
const paragraph = (label: string, max: number) => text(label, max, `Please enter the ${label}.`, false);

const ukPhone = (label: string) =>
  v.pipe(
    required(label, 32),
    v.check(isUkPhone, `Please enter the ${label} as a UK number, like 01632 960 123 or +44 7700 900456.`),
  );

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const httpsLink = (label: string, isRequired: boolean) =>
  v.pipe(
    isRequired ? required(label, 500) : optional(label, 500),
    v.check((value: string) => value === '' || isHttps(value), `Please give the ${label} as a full https:// address.`),
  );

const number = (label: string, min: number, max: number) =>
  v.pipe(
    required(label, 20),
    v.transform(Number),
    v.check(
      (n: number) => Number.isFinite(n) && n >= min && n <= max,
      `Please enter the ${label} as a number from ${min} to ${max}.`,
    ),
  );

const time = (label: string) =>
  v.pipe(
    optional(label, 5),
    v.check(
      (value: string) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
      `Please give the ${label} as HH:MM, like 08:30.`,
    ),
  );

export const factsSchema = v.object({
  name: required('business name', 100),
  shortName: required('short name', 40),
  tagline: required('tagline', 200),
  blurb: paragraph('description', 600),
  emergencyPhone: ukPhone('emergency number'),
  directorPhone: ukPhone("director's number"),
  directorName: required("director's name", 100),
  directorRole: required("director's role", 60),
  whatsappNumber: ukPhone('WhatsApp number'),
  whatsappMessage: required('WhatsApp message', 200),
  email: v.pipe(required('e-mail address', 254), v.email('Please enter a valid e-mail address, like name@example.com.')),
  instagram: httpsLink('Instagram link', false),
  x: httpsLink('X link', false),
  street: optional('street', 120),
  locality: required('locality', 80),
  town: required('town', 80),
  region: required('county', 80),
  postcode: v.pipe(
    required('postcode', 8),
    v.check(
      (s: string) => /^[A-Z]{1,2}\d[A-Z\d]?( ?\d[A-Z]{2})?$/i.test(s),
      'Please enter a UK postcode or district, like BH6 3AA or BH6.',
    ),
  ),
  lat: number('latitude', 49, 61),
  lng: number('longitude', -9, 2),
  companyNumber: v.pipe(
    optional('company number', 8),
    v.check((s: string) => s === '' || /^[A-Z0-9]{8}$/i.test(s), 'A company number has 8 letters and digits, like 01234567.'),
  ),
  vatNumber: v.pipe(
    optional('VAT number', 14),
    v.check(
      (s: string) => s === '' || /^(GB)?\d{9}(\d{3})?$/i.test(s.replace(/\s/g, '')),
      'A VAT number has 9 digits, like GB 123 4567 89.',
    ),
  ),
  accreditations: v.optional(text('accreditations', 2000, null, false), ''),
  hoursMode: v.picklist(['24/7', 'days'], 'Please choose the opening hours.'),
  average: required('average response claim', 120),
  aim: required('response aim', 120),
  callBack: required('call-back promise', 200),
  stat0value: required('first stat', 12),
  stat0label: required('first stat label', 40),
  stat1value: required('second stat', 12),
  stat1label: required('second stat label', 40),
  stat2value: required('third stat', 12),
  stat2label: required('third stat label', 40),
  reviewsUrl: httpsLink('Google reviews link', true),
  ratingValue: number('rating', 1, 5),
  ratingCount: number('number of customers rating', 0, 1_000_000),
  quoteTerms: paragraph('quote terms', 3000),
  // Invoicing (issue 49): absent from a form saved before it, so each has its default.
  termsDays: v.pipe(
    v.optional(v.string(), '14'),
    v.regex(/^\d{1,3}$/, 'Please give the payment terms as a whole number of days, 0 for on completion.'),
    v.transform(Number),
    v.maxValue(MAX_TERMS_DAYS, `Payment terms are at most ${MAX_TERMS_DAYS} days.`),
  ),
  bankAccountName: optional('bank account name', 100),
  sortCode: v.pipe(
    optional('sort code', 8),
    v.check((s: string) => s === '' || /^\d{2}-?\d{2}-?\d{2}$/.test(s), 'A sort code has 6 digits, like 12-34-56.'),
    v.transform((s: string) => (s === '' ? '' : s.replace(/-/g, '').replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3'))),
  ),
  accountNumber: v.pipe(
    optional('account number', 8),
    v.check((s: string) => s === '' || /^\d{8}$/.test(s), 'An account number has 8 digits.'),
  ),
  simplifiedInvoices: v.optional(v.picklist(['on', 'off'], 'Please choose how invoices of £250 or less are written.'), 'off'),
  latePaymentInterest: v.optional(v.picklist(['on', 'off'], 'Please choose whether to show late-payment interest.'), 'off'),
  baseRate: v.pipe(
    v.optional(v.string(), '4.00'),
    v.regex(/^\d{1,2}(\.\d{1,2})?$/, 'Please give the base rate as a percentage, like 4.25.'),
    v.transform((s: string) => penceOfPounds(Number(s))),
  ),
  // The financial year end's day and month (whether the day is in the month: readFacts).
  yearEndDay: v.pipe(
    v.optional(v.string(), '31'),
    v.regex(/^\d{1,2}$/, 'Please give the day your financial year ends, like 31.'),
    v.transform(Number),
  ),
  yearEndMonth: v.pipe(
    v.optional(v.string(), '3'),
    v.regex(/^\d{1,2}$/, 'Please choose the month your financial year ends.'),
    v.transform(Number),
  ),
});

export const noticeSchema = v.object({
  text: required('notice', 200),
  starts: v.pipe(required('start', 16), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Please give the start as a date and time.')),
  ends: v.pipe(required('end', 16), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Please give the end as a date and time.')),
  hoursChange: v.optional(v.picklist(['', 'closed', 'hours']), ''),
  opens: time('opening time'),
  closes: time('closing time'),
});

export const priceSchema = v.pipe(
  optional('price', 10),
  v.check(
    (s: string) => s === '' || (/^\d{1,6}(\.\d{1,2})?$/.test(s) && Number(s) > 0),
    'Please give the price in pounds, like 85 or 92.50, or leave it empty.',
  ),
);

export const faqSchema = v.object({ question: required('question', 200), answer: paragraph('answer', 2000) });

export const reviewSchema = v.object({
  name: required('name', 60),
  location: required('place', 60),
  rating: v.pipe(v.string(), v.picklist(['1', '2', '3', '4', '5'], 'Please choose a rating from 1 to 5.')),
  text: paragraph('review', 1500),
  date: v.pipe(
    optional('date', 10),
    v.check((s: string) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'Please give the date as a date.'),
  ),
  source: v.picklist(['google', 'other'], 'Please say where the review was given.'),
  link: httpsLink('link to the review', false),
});

/** Where a review on Google can be linked from: Google Maps and search, and their short links. */
const GOOGLE_HOSTS = /^(?:www\.|maps\.)?google\.(?:com|co\.uk)$|^(?:maps\.app\.)?goo\.gl$|^g\.page$|^g\.co$/;
export const isGoogleLink = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && GOOGLE_HOSTS.test(url.hostname);
  } catch {
    return false;
  }
};

export const townSchema = v.object({
  name: required('town', 60),
  lat: number('latitude', 49, 61),
  lng: number('longitude', -9, 2),
});

export const validateWith = <T>(schema: v.GenericSchema<unknown, T>, input: unknown): Validation<T> => validate(schema, input);

export const serviceSchema = v.object({
  title: required('title', 80),
  subtitle: required('subtitle', 300),
  description: paragraph('description', 600),
  feature0: required('first feature', 80),
  feature1: required('second feature', 80),
  feature2: required('third feature', 80),
  feature3: required('fourth feature', 80),
  benefits: paragraph('benefits', 2000),
  sections: paragraph('page text', 20_000),
  metaTitle: required('search title', 70),
  metaDescription: required('search description', 200),
  keywords: v.optional(text('keywords', 500, null, false), ''),
  image: required('picture', 300),
  imageAlt: required('picture description', 300),
});
