import { buttonClass } from '../../components/button';
import type { listQuotes } from '../../db/quote-reads';
import { QUOTE_STATE_LABELS } from '../../rules/quote-state';
import { formatLondon } from '../../rules/uk-time';
import { NEW_QUOTE_PATH, quotePath } from './paths';

type QuoteRow = Awaited<ReturnType<typeof listQuotes>>[number];

const WAITING_MS = 3 * 86_400_000;

/** The quotes by state: the ones waiting more than three days on the customer first, to chase. */
export function QuotesListPage({ rows, now }: { rows: readonly QuoteRow[]; now: number }) {
  const waiting = (row: QuoteRow) =>
    (row.state === 'sent' || row.state === 'viewed') && row.sentAt !== null && row.sentAt < now - WAITING_MS;
  return (
    <div className="quotes-list">
      <h1 className="admin-title">Quotes</h1>
      <p>
        <a className={buttonClass('default', 'sm')} href={NEW_QUOTE_PATH}>
          Write a quote
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="admin-muted">No quotes yet. Write one from a lead, or from nothing for a walk-in customer.</p>
      ) : (
        <ul className="quotes-list__items">
          {rows.map((row) => (
            <li key={row.id} className={`quotes-list__item${waiting(row) ? ' quotes-list__item--waiting' : ''}`}>
              <a href={quotePath(row.id)}>
                <strong>{row.number ?? 'Draft'}</strong>
                {row.version > 1 ? ` v${row.version}` : ''} · {row.customerName}
              </a>
              <span className="quotes-list__state">
                {waiting(row) ? 'Waiting more than 3 days' : QUOTE_STATE_LABELS[row.state]}
                {row.sentAt ? ` · sent ${formatLondon(row.sentAt)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
