import { buttonClass } from '../../components/button';
import type { invoicesOfLead } from '../../db/invoices';
import { INVOICE_STATE_LABELS } from '../../rules/invoice-state';
import { formatPence } from '../../rules/quote-money';
import { invoiceForJobPath, invoicePath } from './paths';

type LeadInvoice = Awaited<ReturnType<typeof invoicesOfLead>>[number];

/** A job's invoices on its page, newest first, and "Invoice this job" once it is done. */
export function LeadInvoices({ leadId, done, invoices }: { leadId: string; done: boolean; invoices: readonly LeadInvoice[] }) {
  if (!done && invoices.length === 0) return null;
  return (
    <section className="lead-page__section no-print" aria-labelledby="invoices-heading">
      <h2 className="lead-page__heading" id="invoices-heading">
        Invoices
      </h2>
      {invoices.length > 0 && (
        <ul className="quotes-list__items">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="quotes-list__item">
              <a href={invoicePath(invoice.id)}>
                {invoice.number ?? 'Draft'}
                {invoice.kind === 'deposit' ? ' (deposit)' : ''}: {INVOICE_STATE_LABELS[invoice.state]},{' '}
                {formatPence(invoice.grossPence)}
              </a>
            </li>
          ))}
        </ul>
      )}
      {done && (
        <p>
          <a className={buttonClass('outline', 'sm')} href={invoiceForJobPath(leadId)}>
            Invoice this job
          </a>
        </p>
      )}
    </section>
  );
}
