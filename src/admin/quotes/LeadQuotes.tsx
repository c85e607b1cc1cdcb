import { buttonClass } from '../../components/button';
import type { Quote } from '../../db/schema';
import { QUOTE_STATE_LABELS } from '../../rules/quote-state';
import { quoteForLeadPath, quotePath } from './paths';

/** A lead's quotes on its page, newest first, and "Write a quote" prefilled with its customer and service. */
export function LeadQuotes({
  leadId,
  quotes,
}: {
  leadId: string;
  quotes: readonly Pick<Quote, 'id' | 'number' | 'version' | 'state'>[];
}) {
  return (
    <section className="lead-page__section no-print" aria-labelledby="quotes-heading">
      <h2 className="lead-page__heading" id="quotes-heading">
        Quotes
      </h2>
      {quotes.length > 0 && (
        <ul className="quotes-list__items">
          {quotes.map((quote) => (
            <li key={quote.id} className="quotes-list__item">
              <a href={quotePath(quote.id)}>
                {quote.number ?? 'Draft'}
                {quote.version > 1 ? ` v${quote.version}` : ''}: {QUOTE_STATE_LABELS[quote.state]}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a className={buttonClass('outline', 'sm')} href={quoteForLeadPath(leadId)}>
          Write a quote
        </a>
      </p>
    </section>
  );
}
