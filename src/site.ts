/**
 * The business facts: one source of truth for names, numbers, links and claims.
 * All values are fictional (Ofcom drama-range numbers, an example.com address).
 */
import type { Stat } from './content/types';

const name = 'BCP Drainage & Plumbing';

const whatsappNumber = '447700900456';
const whatsappMessage = 'Hi, I need help with a drain problem.';

const emailAddress = 'enquiries@example.com';

export const site = {
  name,
  shortName: 'BCP Drainage',
  tagline: 'Fast, fixed-price drain unblocking and repairs across BCP and the New Forest.',
  blurb:
    'BCP Drainage & Plumbing is a Southbourne-based team unblocking, surveying and repairing drains across Bournemouth, Christchurch, Poole and the New Forest. We answer the phone 24/7, charge no call-out fee on emergencies and guarantee every job.',
  phone: {
    emergency: { display: '01632 960 123', href: 'tel:+441632960123' },
    director: { display: '07700 900 456', href: 'tel:+447700900456', name: 'Mark Dawson' },
  },
  messaging: {
    number: whatsappNumber,
    message: whatsappMessage,
    href: `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(whatsappMessage)}`,
  },
  email: { address: emailAddress, href: `mailto:${emailAddress}` },
  social: {
    instagram: 'https://www.instagram.com/example',
    x: 'https://x.com/example',
  },
  address: {
    locality: 'Southbourne',
    city: 'Bournemouth',
    region: 'Dorset',
    postalCode: 'BH1',
    country: 'GB',
  },
  director: { name: 'Mark Dawson', role: 'Director' },
  rating: { value: 4.9, best: 5, count: 150 },
  priceRange: '££',
  hours: {
    opens: '00:00',
    closes: '23:59',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    display: 'Open 24 hours a day, 7 days a week',
  },
  reviewsUrl: `https://www.google.com/search?q=${encodeURIComponent(`${name} reviews`)}`,
  foundedYearsClaim: '15+',
  response: {
    /** Headline claim (home page, about section). */
    average: 'average 1-hour emergency response',
    /** What service pages promise. */
    aim: 'we aim to be with you within 1-2 hours',
    /** What the customer's confirmation e-mail promises about a call back. */
    callBack: 'We call back every message and quote request within one working day',
  },
  serviceAreaSummary: 'Bournemouth, Christchurch, Poole and the New Forest',
} as const;

/** The three hero stats on the home page. */
export const heroStats = [
  { value: '24/7', label: 'Emergency callouts' },
  { value: '15+', label: 'Years experience' },
  { value: '4.9/5', label: 'Rated by 150+ customers' },
] as const satisfies readonly [Stat, Stat, Stat];

/** The claims of SPEC §1, as short strings. */
export const claims = [
  '24/7 service',
  '15+ years of experience',
  '100% guaranteed',
  '150+ happy customers',
  'Rated 4.9/5',
  'Average 1-hour emergency response',
  'Fully licensed and insured',
  'No call-out charge on emergencies',
  'Fixed-price emergency drain jobs',
] as const;
