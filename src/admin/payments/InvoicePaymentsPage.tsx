import { buttonClass } from '../../components/button';
import type { Invoice, Payment } from '../../db/schema';
import { formatUkDate } from '../../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS } from '../../rules/invoice-state';
import type { PaymentFormValues } from '../../rules/payment-form';
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_WORDS } from '../../rules/payment-method';
import { formatPence } from '../../rules/quote-money';
import { CSRF_FIELD } from '../auth/session';
import { invoicePath } from '../invoices/paths';
import { leadPath } from '../leads/paths';
import { invoicePaymentsPath } from './paths';

/**
 * One invoice's money: its total, what was paid and credited, what is left, every payment (a
 * refund as a negative one), and the form to record a payment taken by hand (cash, cheque, the
 * card machine, a bank transfer). The form carries the invoice's version; a stale one is refused.
 */
export function InvoicePaymentsPage({
  invoice,
  payments,
  csrf,
  values,
  errors,
  problem,
  notice,
}: {
  invoice: Invoice;
  payments: Payment[];
  csrf: string;
  values: PaymentFormValues;
  errors?: Partial<Record<keyof PaymentFormValues, string>>;
  problem?: string;
  notice?: string;
}) {
  const due = amountDue(invoice);
  const payable = invoice.state === 'issued' || invoice.state === 'part_paid';
  const field = (name: keyof PaymentFormValues) => ({
    id: `payment-${name}`,
    name,
    'aria-invalid': errors?.[name] ? true : undefined,
    'aria-describedby': errors?.[name] ? `payment-${name}-error` : undefined,
  });
  const error = (name: keyof PaymentFormValues) =>
    errors?.[name] && (
      <p className="lead-form__error" id={`payment-${name}-error`}>
        {errors[name]}
      </p>
    );
  return (
    <div className="invoice-payments">
      <p className="lead-page__back">
        <a href={invoicePath(invoice.id)}>{`Invoice ${invoice.number ?? ''}`.trim()}</a>
        {invoice.leadId && (
          <>
            {' · '}
            <a href={leadPath(invoice.leadId)}>The lead</a>
          </>
        )}
      </p>
      <h1 className="admin-title">{`Payments on ${invoice.number ?? 'a draft'}`}</h1>
      {notice && (
        <p className="lead-page__notice" role="status">
          {notice}
        </p>
      )}
      {problem && (
        <p className="lead-form__error" role="alert">
          {problem}
        </p>
      )}
      <dl className="invoice-payments__figures">
        <dt>Customer</dt>
        <dd>{invoice.customerName}</dd>
        <dt>Total</dt>
        <dd>{formatPence(invoice.grossPence)}</dd>
        {invoice.lessDepositPence > 0 && (
          <>
            <dt>Deposit paid</dt>
            <dd>{formatPence(-invoice.lessDepositPence)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{formatPence(invoice.amountPaidPence)}</dd>
        {invoice.amountCreditedPence > 0 && (
          <>
            <dt>Credited</dt>
            <dd>{formatPence(-invoice.amountCreditedPence)}</dd>
          </>
        )}
        <dt>Left to pay</dt>
        <dd>{formatPence(due)}</dd>
        <dt>State</dt>
        <dd>{INVOICE_STATE_LABELS[invoice.state]}</dd>
      </dl>
      <h2>Payments</h2>
      {payments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="invoice-payments__list">
          {payments.map((payment) => (
            <li key={payment.id}>
              {`${formatUkDate(Date.parse(`${payment.paidOn}T12:00:00Z`))}: ${formatPence(payment.amountPence)}, ${PAYMENT_METHOD_WORDS[payment.method]}${payment.amountPence < 0 ? ' (refund)' : ''}`}
            </li>
          ))}
        </ul>
      )}
      {payable && due > 0 && (
        <form method="post" action={invoicePaymentsPath(invoice.id)} className="lead-form invoice-payments__form">
          <h2>Record a payment</h2>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="version" value={invoice.version} />
          <label className="lead-form__label" htmlFor="payment-amount">
            Amount (£)
          </label>
          <input
            {...field('amount')}
            className="lead-form__input"
            inputMode="decimal"
            maxLength={12}
            defaultValue={values.amount}
          />
          {error('amount')}
          <label className="lead-form__label" htmlFor="payment-paidOn">
            Paid on
          </label>
          <input {...field('paidOn')} type="date" className="lead-form__input" defaultValue={values.paidOn} />
          {error('paidOn')}
          <label className="lead-form__label" htmlFor="payment-method">
            How
          </label>
          <select {...field('method')} className="lead-form__input" defaultValue={values.method}>
            {MANUAL_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_WORDS[method]}
              </option>
            ))}
          </select>
          {error('method')}
          <button type="submit" className={buttonClass('default')}>
            Record payment
          </button>
        </form>
      )}
    </div>
  );
}
