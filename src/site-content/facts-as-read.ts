import { invoicingOf } from './invoicing';
import type { Facts } from './model';
import { quoteTermsOf } from './quote-terms';

/**
 * The facts as every reader sees them: a revision saved before the quote terms and the invoicing
 * settings were facts reads their defaults. Comparing two revisions (the history's summary, a
 * restore's list of changes) compares these, so a fact absent on one side and left at its
 * default on the other is no change.
 */
export const factsAsRead = (facts: Facts): Facts => ({
  ...facts,
  quoteTerms: quoteTermsOf(facts),
  invoicing: invoicingOf(facts),
});
