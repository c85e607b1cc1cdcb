import type { Quote } from '../../db/schema';
import { QUOTE_STATE_LABELS } from '../../rules/quote-state';
import { LeadDocuments } from '../leads/LeadDocuments';
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
    <LeadDocuments
      heading="Quotes"
      headingId="quotes-heading"
      documents={quotes.map((quote) => ({
        id: quote.id,
        href: quotePath(quote.id),
        text: `${quote.number ?? 'Draft'}${quote.version > 1 ? ` v${quote.version}` : ''}: ${QUOTE_STATE_LABELS[quote.state]}`,
      }))}
      start={{ href: quoteForLeadPath(leadId), label: 'Write a quote' }}
    />
  );
}
