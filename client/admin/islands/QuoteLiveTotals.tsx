import { useEffect, useState } from 'react';
import { formatPence } from '../../../src/rules/money';
import { editorTotals } from '../../../src/rules/quote-live-totals';

export interface QuoteLiveTotalsProps {
  /** The editor's fields as the server rendered them (`line.N.field`, the deposit's two). */
  fields: Record<string, string>;
}

/**
 * The quote editor's totals: each line's, the net, the VAT, the total and the deposit. The server
 * renders them for the fields it shows (without JavaScript they follow each save); with it (an
 * admin-only island) they are worked out again as the owner types, by the same rules.
 */
export default function QuoteLiveTotals({ fields }: QuoteLiveTotalsProps) {
  const [totals, setTotals] = useState(() => editorTotals(fields));
  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>('form.quote-editor__form');
    if (!form) return;
    const recompute = () => {
      const typed: Record<string, string> = {};
      for (const [name, value] of new FormData(form)) if (typeof value === 'string') typed[name] = value;
      setTotals(editorTotals(typed));
    };
    recompute();
    form.addEventListener('input', recompute);
    form.addEventListener('change', recompute);
    return () => {
      form.removeEventListener('input', recompute);
      form.removeEventListener('change', recompute);
    };
  }, []);
  const unread = totals.readable.filter((ok) => !ok).length;
  return (
    <section className="quote-totals" aria-labelledby="quote-totals-heading">
      <h2 className="lead-page__heading" id="quote-totals-heading">
        Totals
      </h2>
      <div aria-live="polite">
        {totals.lines.length === 0 ? (
          <p className="admin-muted">No lines yet.</p>
        ) : (
          <ol className="quote-totals__lines">
            {totals.lines.map((line, index) => (
              // A line's place is what it is: the form's lines are numbered the same way.
              <li key={`line-${index}`} className={line.included ? undefined : 'quote-totals__left-out'}>
                <span>{`Line ${index + 1}`}</span>
                <span className="quote-totals__money">
                  {totals.readable[index] ? formatPence(line.gross) : 'No price yet'}
                  {totals.readable[index] && !line.included ? ' (not in the total)' : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
        <dl className="quote-totals__sums">
          <dt>Net</dt>
          <dd className="quote-totals__net">{formatPence(totals.net)}</dd>
          <dt>VAT</dt>
          <dd className="quote-totals__vat">{formatPence(totals.vat)}</dd>
          <dt>Total</dt>
          <dd className="quote-totals__total">{formatPence(totals.gross)}</dd>
          {totals.deposit > 0 && (
            <>
              <dt>Deposit</dt>
              <dd className="quote-totals__deposit">{formatPence(totals.deposit)}</dd>
            </>
          )}
        </dl>
        {unread > 0 && (
          <p className="admin-muted">{`${unread === 1 ? 'A line has' : `${unread} lines have`} no price or quantity we can read yet.`}</p>
        )}
        <p className="admin-muted">
          Optional lines and all but the first of each choice are left out, as the customer first sees them.
        </p>
      </div>
    </section>
  );
}
