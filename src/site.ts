/**
 * The business's default facts: the first content revision (`defaultContent`). The
 * owner edits them in /admin/site; every page, e-mail and feed reads the current revision, never
 * this file. All values are fictional (Ofcom drama-range numbers, an example.com address).
 */

import { byTheLine, statByTheLine } from './content/line-wording';
import type { Facts } from './site-content/model';

const name = 'BCP Drainage & Plumbing';

export const defaultFacts: Facts = {
  name,
  shortName: 'BCP Drainage',
  tagline: 'Fast, fixed-price drain unblocking and repairs across BCP and the New Forest.',
  blurb: byTheLine(
    'BCP Drainage & Plumbing is a Southbourne-based team unblocking, surveying and repairing drains across Bournemouth, Christchurch, Poole and the New Forest. We answer the phone 24/7, charge no call-out fee on emergencies and guarantee every job.',
    'BCP Drainage & Plumbing is a Southbourne-based team unblocking, surveying and repairing drains across Bournemouth, Christchurch, Poole and the New Forest. We answer the phone {when}, charge no call-out fee on emergencies and guarantee every job.',
  ),
  emergencyPhone: '01632 960 123',
  directorPhone: '07700 900 456',
  directorName: 'Mark Dawson',
  directorRole: 'Director',
  whatsappNumber: '07700 900456',
  whatsappMessage: 'Hi, I need help with a drain problem.',
  email: 'enquiries@example.com',
  instagram: 'https://www.instagram.com/example',
  x: 'https://x.com/example',
  address: { street: '', locality: 'Southbourne', town: 'Bournemouth', region: 'Dorset', postcode: 'BH1' },
  position: { lat: 50.7221, lng: -1.7985 },
  companyNumber: '',
  vatNumber: '',
  accreditations: [],
  hours: { mode: '24/7' },
  emergencyLine247: true,
  response: {
    average: 'average 1-hour emergency response',
    aim: 'we aim to be with you within 1-2 hours',
    callBack: 'We call back every message and quote request within one working day',
  },
  stats: [
    statByTheLine({ value: '24/7', label: 'Emergency callouts' }, { value: '1 hr', label: 'Average emergency response' }),
    { value: '15+', label: 'Years experience' },
    { value: '4.9/5', label: 'Rated by 150+ customers' },
  ],
  reviewsUrl: `https://www.google.com/search?q=${encodeURIComponent(`${name} reviews`)}`,
  rating: { value: 4.9, best: 5, count: 150 },
  priceRange: '££',
  serviceAreaSummary: 'Bournemouth, Christchurch, Poole and the New Forest',
};
