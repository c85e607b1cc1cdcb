import { buttonClass } from '../../components/button';
import { InvoiceDocument } from '../../components/InvoiceDocument';
import type { InvoiceWithLines } from '../../db/invoices';
import type { Seller } from '../../invoices/seller';
import { creditable, type InvoiceStatus } from '../../rules/invoice-state';
import type { LatePayment } from '../../rules/invoice-terms';
import { formatPence } from '../../rules/money';
import { CSRF_FIELD } from '../auth/session';
import { leadPath } from '../leads/paths';
import { invoicePaymentsPath } from '../payments/paths';
import { INVOICES_PATH, invoicePath } from './paths';

/**
 * An issued invoice as the owner sees it: the document, printable (the page's print style leaves
 * only the document), never edited or deleted; a credit note takes back all or part of it.
 */
export function InvoicePage({
  found,
  seller,
  status,
  late,
  csrf,
  problem,
  errors,
}: {
  found: InvoiceWithLines;
  seller: Seller;
  status: InvoiceStatus;
  late?: LatePayment;
  csrf: string;
  problem?: string;
  errors?: Record<string, string>;
}) {
  const { invoice } = found;
  const left = creditable(invoice);
  const hidden = (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="version" value={invoice.version} />
    </>
  );
  return (
    <div className="invoice-page">
      <p className="lead-page__back invoice-page__back">
        <a href={INVOICES_PATH}>All invoices</a>
        {invoice.leadId && (
          <>
            {' · '}
            <a href={leadPath(invoice.leadId)}>The job</a>
          </>
        )}
      </p>
      {problem && (
        <p className="lead-form__error" role="alert">
          {problem}
        </p>
      )}
      <InvoiceDocument found={found} seller={seller} status={status} late={late} />
      <div className="invoice-actions">
        <p>
          <a href={invoicePaymentsPath(invoice.id)} className={buttonClass('default', 'sm')}>
            Payments ({formatPence(invoice.amountPaidPence)} paid)
          </a>
        </p>
        <p className="admin-muted">To print it or save it as a PDF, use your browser's Print: only the invoice is printed.</p>
        {left > 0 && (
          <>
            <h2 className="lead-page__heading">Credit note</h2>
            <p className="admin-muted">
              An issued invoice is never changed. A credit note takes back all or part of it ({formatPence(left)} can still be
              credited).
            </p>
            <form method="post" action={`${invoicePath(invoice.id)}/credit`} className="quote-editor__form">
              {hidden}
              <input type="hidden" name="whole" value="yes" />
              <label className="lead-form__label" htmlFor="credit-all-reason">
                Reason (optional)
              </label>
              <input id="credit-all-reason" name="reason" maxLength={500} className="lead-form__input" />
              <button type="submit" className={buttonClass('outline', 'sm')}>
                Credit all of it ({formatPence(left)})
              </button>
            </form>
            <form method="post" action={`${invoicePath(invoice.id)}/credit`} className="quote-editor__form">
              {hidden}
              <label className="lead-form__label" htmlFor="credit-description">
                What part is credited
              </label>
              <input id="credit-description" name="description" maxLength={2000} className="lead-form__input" />
              {errors?.description && <p className="lead-form__error">{errors.description}</p>}
              <label className="lead-form__label" htmlFor="credit-amount">
                Amount £{invoice.vatRegistered ? ' (before VAT, at the first line’s rate)' : ''}
              </label>
              <input id="credit-amount" name="amount" inputMode="decimal" className="lead-form__input" />
              {errors?.amount && <p className="lead-form__error">{errors.amount}</p>}
              <label className="lead-form__label" htmlFor="credit-reason">
                Reason (optional)
              </label>
              <input id="credit-reason" name="reason" maxLength={500} className="lead-form__input" />
              <button type="submit" className={buttonClass('outline', 'sm')}>
                Write a credit note for this part
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
