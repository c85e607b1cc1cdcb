import type { listInvoices } from '../../db/invoices';
import { formatUkDate, londonDay } from '../../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS, invoiceStatus } from '../../rules/invoice-state';
import { formatPence } from '../../rules/money';
import { invoicePath } from './paths';

type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>[number];

/** The invoices by state: overdue first (longest first, with the days), then drafts, the rest owed (soonest due first), then the settled. */
export function InvoicesListPage({ rows, today }: { rows: readonly InvoiceRow[]; today: string }) {
  return (
    <div className="quotes-list">
      <h1 className="admin-title">Invoices</h1>
      <p className="admin-muted">Invoice a job from its page once it is done, or take a deposit from an accepted quote.</p>
      {rows.length === 0 ? (
        <p className="admin-muted">No invoices yet.</p>
      ) : (
        <ul className="quotes-list__items">
          {rows.map((row) => {
            const status = invoiceStatus(row.state, row.dueAt === null ? null : londonDay(row.dueAt), today);
            return (
              <li key={row.id} className="quotes-list__item">
                <a href={invoicePath(row.id)}>
                  <strong>{row.number ?? 'Draft'}</strong>
                  {row.kind === 'deposit' ? ' (deposit)' : ''} · {row.customerName}
                </a>
                <span className={status.state === 'overdue' ? 'invoices-list__overdue' : 'quotes-list__state'}>
                  {INVOICE_STATE_LABELS[status.state]}
                  {status.daysOverdue > 0 ? `: ${status.daysOverdue} ${status.daysOverdue === 1 ? 'day' : 'days'}` : ''}
                </span>
                <span className="quotes-list__state">
                  {formatPence(row.grossPence)}
                  {row.number ? ` · due ${formatPence(amountDue(row))}` : ''}
                  {row.dueAt ? ` by ${formatUkDate(row.dueAt)}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
