import * as v from 'valibot';
import { sitePageOf } from '../http/site-pages';
import { type LeadSource, leadSource } from '../rules/lead-source';
import { isCleanText } from '../rules/text';
import type { LeadFormName } from './schemas';

/**
 * Where a lead came from, learnt without cookies from the requests themselves. The form page's
 * response puts what its own request said (`arrivalOf`) into one hidden field, as a
 * query string; the form post brings it back, and the post's own Referer names the form page.
 * Every value is checked twice with this schema, when the page is filled and when the lead is
 * stored: a value that breaks a rule is dropped (or cut to length), never a reason to refuse a
 * lead.
 */

export const ATTRIBUTION_LIMITS = { utm: 100, gclid: 200, page: 200, origin: 200, field: 2048 } as const;

/** Text that could be markup or script in some other tool (a spreadsheet, an e-mail) is dropped. */
const SCRIPT_LIKE = /[<>"'`\\{}]|javascript:|data:/i;

/** A value that breaks its rule (or is missing) becomes '', which means "not known". */
const dropWhenInvalid = (schema: v.GenericSchema<unknown, string>) => v.fallback(schema, '');

const utm = dropWhenInvalid(
  v.pipe(
    v.string(),
    v.check((value) => isCleanText(value) && !SCRIPT_LIKE.test(value)),
    v.transform((value) => value.replace(/\s+/g, ' ').trim().slice(0, ATTRIBUTION_LIMITS.utm)),
    v.minLength(1),
  ),
);

const gclid = dropWhenInvalid(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.maxLength(ATTRIBUTION_LIMITS.gclid)));

/** One of our pages, by path (no query: the page is what counts). */
const page = dropWhenInvalid(
  v.pipe(
    v.string(),
    v.maxLength(ATTRIBUTION_LIMITS.page),
    v.transform((value) => sitePageOf(value)?.path ?? ''),
    v.minLength(1),
  ),
);

/** An http(s) origin and nothing more: no path, so no search terms or ids leak into a lead. */
const origin = dropWhenInvalid(
  v.pipe(
    v.string(),
    v.maxLength(ATTRIBUTION_LIMITS.origin),
    v.check((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
      } catch {
        return false;
      }
    }),
  ),
);

const arrivalSchema = v.object({
  previous_page: page,
  referrer_origin: origin,
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  gclid,
});

/** What the form page saw, every value checked; '' where nothing (valid) was seen. */
export type Arrival = v.InferOutput<typeof arrivalSchema>;

/** Checks an arrival from any source; never fails, only drops. */
export const cleanArrival = (input: Record<string, unknown>): Arrival => v.parse(arrivalSchema, input);

/** The hidden field's value: a query string of the values present, in a fixed order. */
export function encodeArrival(arrival: Arrival): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(arrival)) if (value) params.set(key, value);
  return params.toString();
}

/** The hidden field as posted: anything that is not a short query string counts as empty. */
export function readArrival(field: unknown): Arrival {
  if (typeof field !== 'string' || field.length > ATTRIBUTION_LIMITS.field) return cleanArrival({});
  const entries: Record<string, string> = {};
  // The first value of a repeated key wins, as in the form body.
  for (const [key, value] of new URLSearchParams(field)) if (!(key in entries)) entries[key] = value;
  return cleanArrival(entries);
}

export interface LeadAttribution {
  formPage: string;
  previousPage: string | null;
  referrerOrigin: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  source: LeadSource;
}

/** The page each form lives on, for a post whose Referer says nothing usable. */
const FORM_PAGES: Record<LeadFormName, string> = { contact: '/contact', quote: '/free-quote' };

/**
 * What is stored with a lead: the page the form was sent from (`sentFrom`, the path of the
 * post's same-site Referer, when it is one of our pages), the hidden field's values, and the
 * source they add up to.
 */
export function leadAttribution(form: LeadFormName, sentFrom: string | null, field: unknown): LeadAttribution {
  const arrival = readArrival(field);
  const known = (value: string) => value || null;
  return {
    formPage: (sentFrom && sitePageOf(sentFrom)?.path) || FORM_PAGES[form],
    previousPage: known(arrival.previous_page),
    referrerOrigin: known(arrival.referrer_origin),
    utmSource: known(arrival.utm_source),
    utmMedium: known(arrival.utm_medium),
    utmCampaign: known(arrival.utm_campaign),
    utmTerm: known(arrival.utm_term),
    utmContent: known(arrival.utm_content),
    gclid: known(arrival.gclid),
    source: leadSource({
      referrerOrigin: arrival.referrer_origin,
      utmSource: arrival.utm_source,
      utmMedium: arrival.utm_medium,
      gclid: arrival.gclid,
      otherUtm: Boolean(arrival.utm_campaign || arrival.utm_term || arrival.utm_content),
    }),
  };
}
