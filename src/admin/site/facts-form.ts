import { isYearEnd } from '../../rules/accounting-records';
import type { FieldErrors } from '../../rules/validation';
import { emergencyLineOf } from '../../site-content/emergency-line';
import { factsAsRead } from '../../site-content/facts-as-read';
import { DEFAULT_INVOICING, invoicingOf } from '../../site-content/invoicing';
import { type DayHours, type Facts, type InvoicingFacts, type SiteContent, WEEKDAYS } from '../../site-content/model';
import { quoteTermsOf } from '../../site-content/quote-terms';
import { factsSchema, validateWith } from '../../site-content/rules';
import { type Form, type FormResult, field } from './forms';

/** The business facts' form (/admin/site/facts): its fields, and the facts read back from them. */

/** The invoicing settings as the form's fields (0 days: on completion; the base rate in percent). */
function invoicingFields(facts: Facts) {
  const invoicing = invoicingOf(facts);
  return {
    termsDays: String(invoicing.termsDays),
    bankAccountName: invoicing.bankAccountName,
    sortCode: invoicing.sortCode,
    accountNumber: invoicing.accountNumber,
    simplifiedInvoices: invoicing.simplifiedInvoices ? 'on' : 'off',
    latePaymentInterest: invoicing.latePaymentInterest ? 'on' : 'off',
    baseRate: (invoicing.baseRateBp / 100).toFixed(2),
    yearEndDay: String(invoicing.yearEnd.day),
    yearEndMonth: String(invoicing.yearEnd.month),
  };
}

/** Facts saved before invoicing existed keep none until a setting differs from the defaults (so a save changes nothing else). */
const keptInvoicing = (before: Facts, after: InvoicingFacts): InvoicingFacts | undefined =>
  before.invoicing === undefined && JSON.stringify(after) === JSON.stringify(DEFAULT_INVOICING) ? undefined : after;

/** The facts as the form's fields. */
export function factsFields(facts: Facts): Form {
  const hours = facts.hours.mode === 'days' ? facts.hours.days : [];
  return {
    ...Object.fromEntries(Object.entries(facts).filter(([, value]) => typeof value === 'string')),
    ...facts.address,
    lat: String(facts.position.lat),
    lng: String(facts.position.lng),
    ...Object.fromEntries(
      facts.accreditations.flatMap((a, i) => [
        [`accreditationName${i}`, a.name],
        [`accreditationLink${i}`, a.url],
      ]),
    ),
    hoursMode: facts.hours.mode,
    emergencyLine247: emergencyLineOf(facts).allHours ? 'on' : '',
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
    quoteTerms: quoteTermsOf(facts),
    ...invoicingFields(facts),
  } as Form;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** At most this many accreditations, each a name and an optional link, one row of two boxes each. */
const MAX_ACCREDITATIONS = 10;

/** How many accreditation rows the form shows: those saved, and two empty ones to add to. */
export const accreditationRows = (form: Form) => {
  let saved = 0;
  for (let i = 0; i < MAX_ACCREDITATIONS; i++)
    if (field(form, `accreditationName${i}`) || field(form, `accreditationLink${i}`)) saved = i + 1;
  return Math.min(MAX_ACCREDITATIONS, saved + 2);
};

/** The accreditation rows posted, empty rows skipped; a message on the row's own box when one is wrong. */
function readAccreditations(form: Form, errors: FieldErrors) {
  const rows: { name: string; url: string }[] = [];
  for (let i = 0; i < MAX_ACCREDITATIONS; i++) {
    const name = field(form, `accreditationName${i}`);
    const url = field(form, `accreditationLink${i}`);
    if (!name && !url) continue;
    if (!name) errors[`accreditationName${i}`] = 'Give the name this link is for, or clear the link.';
    else if (name.length > 100) errors[`accreditationName${i}`] = 'Keep the name under 100 characters.';
    if (url && (url.length > 500 || !/^https:\/\/[^\s/]+\.[^\s]+$/.test(url)))
      errors[`accreditationLink${i}`] = 'Paste the full address of their page, starting https:// (or leave it empty).';
    rows.push({ name, url });
  }
  return rows;
}

/** How the history names each fact that a save changed. */
export const FACT_LABELS: Record<keyof Facts, string> = {
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
  emergencyLine247: 'when the emergency line answers',
  response: 'response claims',
  stats: 'stats',
  reviewsUrl: 'reviews link',
  rating: 'rating',
  priceRange: 'price range',
  serviceAreaSummary: 'area summary',
  quoteTerms: 'quote terms',
  invoicing: 'invoicing',
};

/** 'Business facts: emergency number, e-mail': what the history shows for a save. */
function factsSummary(before: Facts, after: Facts): string {
  const [was, now] = [factsAsRead(before), factsAsRead(after)];
  const changed = (Object.keys(FACT_LABELS) as (keyof Facts)[]).filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
  return changed.length > 0
    ? `Business facts: ${changed.map((key) => FACT_LABELS[key]).join(', ')}`
    : 'Business facts (no change)';
}

export function readFacts(content: SiteContent, form: Form): FormResult {
  const result = validateWith(factsSchema, form);
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  const accreditations = readAccreditations(form, errors);
  // A day ticked Closed is closed whatever its boxes still hold.
  const days: DayHours[] = WEEKDAYS.map((day) =>
    form[`closed-${day}`] === 'yes'
      ? { day, opens: '', closes: '' }
      : { day, opens: field(form, `opens-${day}`), closes: field(form, `closes-${day}`) },
  );
  if (form.hoursMode === 'days') {
    const bad = days.find((d) => (d.opens || d.closes) && !(TIME.test(d.opens) && TIME.test(d.closes) && d.opens < d.closes));
    if (bad)
      errors[`opens-${bad.day}`] = `Please give the hours for ${bad.day} as HH:MM, opening before closing, or tick Closed.`;
  }
  if (result.ok && !isYearEnd(result.data.yearEndDay, result.data.yearEndMonth))
    errors.yearEndDay = 'That day is not in the month chosen: please give the day your financial year ends.';
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
    // A checkbox: sent as 'on' when ticked, absent when not.
    emergencyLine247: field(form, 'emergencyLine247') === 'on',
    response: { average: f.average, aim: f.aim, callBack: f.callBack },
    stats: [
      { value: f.stat0value, label: f.stat0label },
      { value: f.stat1value, label: f.stat1label },
      { value: f.stat2value, label: f.stat2label },
    ],
    reviewsUrl: f.reviewsUrl,
    rating: { ...content.facts.rating, value: f.ratingValue, count: f.ratingCount },
    quoteTerms: f.quoteTerms,
    invoicing: keptInvoicing(content.facts, {
      termsDays: f.termsDays,
      bankAccountName: f.bankAccountName,
      sortCode: f.sortCode,
      accountNumber: f.accountNumber,
      simplifiedInvoices: f.simplifiedInvoices === 'on',
      latePaymentInterest: f.latePaymentInterest === 'on',
      baseRateBp: f.baseRate,
      yearEnd: { day: f.yearEndDay, month: f.yearEndMonth },
    }),
  };
  return { ok: true, content: { ...content, facts }, summary: factsSummary(content.facts, facts) };
}
