import type { Facts } from './model';

/** The terms every quote carries until the owner writes their own in the business facts. */
const DEFAULT_QUOTE_TERMS =
  'Prices are as quoted for the work described. Anything not listed is not included; if we find more work is needed we will tell you and quote it before doing it. Payment is due when the work is finished.';

/** The owner's quote terms; revisions saved before the terms were a fact carry the default. */
export const quoteTermsOf = (facts: Pick<Facts, 'quoteTerms'>) => facts.quoteTerms?.trim() || DEFAULT_QUOTE_TERMS;
