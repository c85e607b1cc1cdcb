import type { Faq, LngLat, Service, Stat, Town } from '../content/types';

/**
 * What the owner edits in /admin/site: every fact and piece of content a customer reads except
 * the blog. Stored whole, as JSON, in each row of `content_revisions`; the first revision is
 * the typed defaults of the site's facts and content modules (`defaultContent`).
 */
export interface SiteContent {
  facts: Facts;
  notices: Notice[];
  /** An optional "from £X" per service, by slug. */
  prices: Record<string, Price>;
  /** The text of the 12 services; slugs, icons and calls to action stay in code. */
  services: ServiceText[];
  faqs: Faq[];
  testimonials: Review[];
  areas: Areas;
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  day: Weekday;
  /** 'HH:MM'; both empty when closed that day. */
  opens: string;
  closes: string;
}

export interface Facts {
  name: string;
  shortName: string;
  tagline: string;
  blurb: string;
  /** UK numbers as the owner writes them (shown as written; the tel: link is derived). */
  emergencyPhone: string;
  directorPhone: string;
  directorName: string;
  directorRole: string;
  /** The WhatsApp number as written (07…, +44…); wa.me links are derived. */
  whatsappNumber: string;
  whatsappMessage: string;
  email: string;
  instagram: string;
  x: string;
  address: { street: string; locality: string; town: string; region: string; postcode: string };
  position: { lat: number; lng: number };
  companyNumber: string;
  vatNumber: string;
  accreditations: { name: string; url: string }[];
  /** '24/7', or the hours of each day. */
  hours: { mode: '24/7' } | { mode: 'days'; days: DayHours[] };
  /**
   * The emergency line answers 24/7, outside the opening hours too: only then do the pages,
   * e-mails and JSON-LD say "24/7" (`emergencyLineOf`). Absent from revisions
   * saved before it existed, which read it from `hours` (open 24/7 or not).
   */
  emergencyLine247?: boolean;
  response: { average: string; aim: string; callBack: string };
  stats: [Stat, Stat, Stat];
  reviewsUrl: string;
  rating: { value: number; best: number; count: number };
  priceRange: string;
  serviceAreaSummary: string;
  /**
   * The terms every new quote carries (issue 48); a quote keeps the terms it was written with.
   * Absent from revisions saved before it existed, which read the default (`quoteTermsOf`).
   */
  quoteTerms?: string;
  /** How the business invoices (issue 49); absent from revisions saved before it, read through `invoicingOf`. */
  invoicing?: InvoicingFacts;
}

/** The owner's invoicing settings: payment terms, bank details, and which HMRC and late-payment options apply. */
export interface InvoicingFacts {
  /** Days from issue to due; 0 is "on completion". */
  termsDays: number;
  bankAccountName: string;
  /** '12-34-56' */
  sortCode: string;
  /** 8 digits. */
  accountNumber: string;
  /** Issue a simplified VAT invoice when the total is £250 or less. */
  simplifiedInvoices: boolean;
  /** Show statutory late-payment interest and the fixed sum on a business customer's overdue invoices. */
  latePaymentInterest: boolean;
  /** The Bank of England base rate, in hundredths of a percent (4.75% is 475). */
  baseRateBp: number;
  /**
   * The business's financial year end (month 1 to 12): invoices and payments are kept six years
   * after the end of the year they fall in. Absent from settings saved before it: 31 March.
   */
  yearEnd?: { day: number; month: number };
}

/** A banner on every public page between `starts` and `ends` (UK local 'YYYY-MM-DDTHH:MM'). */
export interface Notice {
  id: string;
  text: string;
  starts: string;
  ends: string;
  /** When set, the business is open only these hours on the notice's days ('' both: closed). */
  hours?: { opens: string; closes: string };
}

export interface Price {
  /** Whole or decimal pounds, e.g. 85 for "from £85". */
  from: number;
  vatIncluded: boolean;
}

export type ServiceText = Omit<Service, 'icon' | 'cta'>;

export interface Review {
  name: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  /** 'YYYY-MM-DD', or '' when unknown. */
  date: string;
  /**
   * Where the review was given. "Verified on Google" shows only for 'google', and a review the
   * owner types is 'google' only with `link`, the review's own address on Google.
   */
  source: 'google' | 'other';
  link?: string;
}

interface Areas {
  /** The places served, as the footer and service pages list them. */
  places: string[];
  /** The towns on the areas map, with their positions. */
  towns: Town[];
  /** Postcode districts the forms accept as covered ('BH6', 'SO41' …). */
  districts: string[];
  /** The shaded area on the map: its corners, [longitude, latitude]. */
  outline: LngLat[];
}
