import type { UnlinkedMoney } from '../../db/privacy';
import { formatUkDate } from '../../rules/invoice-dates';
import { INVOICE_STATE_LABELS } from '../../rules/invoice-state';
import { QUOTE_STATE_LABELS } from '../../rules/quote-state';
import { invoicePath } from '../invoices/paths';
import { quotePath } from '../quotes/paths';

/** Of a person's quotes and invoices with no lead, how many Erase deletes: quotes never accepted, invoices never issued. */
export const unsentCounts = (money: UnlinkedMoney) => ({
  quotes: money.quotes.filter((quote) => quote.state !== 'accepted').length,
  invoices: money.invoices.filter((invoice) => invoice.state === 'draft').length,
});

/**
 * The person's quotes and invoices that no lead holds (a walk-in's quote not sent yet, or what an
 * erased lead left for the accounts), each a link, saying what Erase does with it.
 */
export function PersonMoney({ money }: { money: UnlinkedMoney }) {
  const items = [
    ...money.quotes.map((quote) => ({
      id: quote.id,
      href: quotePath(quote.id),
      text: `${quote.number ? `Quote ${quote.number}: ${QUOTE_STATE_LABELS[quote.state]}` : 'Draft quote'}, written ${formatUkDate(quote.createdAt)}`,
      kept: quote.state === 'accepted',
    })),
    ...money.invoices.map((invoice) => ({
      id: invoice.id,
      href: invoicePath(invoice.id),
      text: `${invoice.number ? `Invoice ${invoice.number}: ${INVOICE_STATE_LABELS[invoice.state]}` : 'Draft invoice'}, written ${formatUkDate(invoice.createdAt)}`,
      kept: invoice.state !== 'draft',
    })),
  ];
  if (items.length === 0) return null;
  return (
    <section className="admin-person-money" aria-labelledby="person-money-heading">
      <h3 id="person-money-heading">Quotes and invoices with no lead</h3>
      <ul className="quotes-list__items">
        {items.map((item) => (
          <li key={item.id} className="quotes-list__item">
            <a href={item.href}>{item.text}</a>
            <span className="admin-muted">
              {item.kept ? ' Kept for the accounts: Erase leaves it.' : ' Never sent: Erase deletes it.'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
