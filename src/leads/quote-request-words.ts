import { SENT_MESSAGES } from './messages';

/**
 * What a quote request is for, and the words that say so. `/free-quote` alone, and with the CCTV
 * survey chosen, is the spec's free CCTV survey quote, word for word; a quote for any other service
 * names that service instead (docs/design.md, Deliberate departures: a drain-unblocking customer is
 * not asking for a camera survey). Browser-safe: the quote island uses it for its toast and panel.
 */

export const SURVEY_SLUG = 'cctv-drain-survey';

export interface QuoteRequestWords {
  heading: string;
  lead: string;
  detailsPlaceholder: string;
  /** The success toast (docs/spec.md §8 shape) and the sent panel's heading and first line. */
  sent: { title: string; description: string };
}

const SURVEY: QuoteRequestWords = {
  heading: 'Free CCTV Drain Survey Quote',
  lead: "Tell us about your property and we'll send you a free, no-obligation quote for a camera survey of your drains.",
  detailsPlaceholder:
    'Property type (e.g. 1930s semi, flat, restaurant) and the reason for the survey (buying, recurring blockages, planning work)',
  sent: SENT_MESSAGES.quote,
};

/** The title of the service a quote is for, when it is one of ours other than the survey. */
export function quoteRequestServiceTitle(slug: string | undefined, services: readonly { slug: string; title: string }[]) {
  if (!slug || slug === SURVEY_SLUG) return undefined;
  return services.find((service) => service.slug === slug)?.title;
}

/** The words for a quote for `serviceTitle` (see quoteRequestServiceTitle), or the spec's survey quote. */
export function quoteRequestWords(serviceTitle: string | undefined): QuoteRequestWords {
  if (!serviceTitle) return SURVEY;
  return {
    heading: `Free ${serviceTitle} Quote`,
    lead: `Tell us about the job and we'll send you a clear, fixed-price quote for ${serviceTitle.toLowerCase()}. No obligation.`,
    detailsPlaceholder: `What is happening and where (e.g. outside drain overflowing, slow kitchen sink), and the property type (house, flat, restaurant), so we can quote for ${serviceTitle.toLowerCase()}`,
    sent: {
      title: SENT_MESSAGES.quote.title,
      description: `Thank you for your request. We'll be in touch shortly with your free ${serviceTitle.toLowerCase()} quote.`,
    },
  };
}
