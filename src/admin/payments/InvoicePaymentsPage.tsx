import { buttonClass } from '../../components/button';
import type { Invoice, Payment } from '../../db/schema';
import { formatUkDate } from '../../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS, refundOwed } from '../../rules/invoice-state';
import { formatPence } from '../../rules/money';
import type { PaymentFormValues } from '../../rules/payment-form';
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_WORDS } from '../../rules/payment-method';
import { CSRF_FIELD } from '../auth/session';
import { invoicePath } from '../invoices/paths';
import { leadPath } from '../leads/paths';
import { invoicePaymentsPath } from './paths';

/**
 * One invoice's money: its total, what was paid and credited, what is left, every payment (a
 * refund as a negative one), and the form to record a payment taken by hand (cash, cheque, the
 * card machine, a bank transfer), and once anything was paid the form to record a refund (what is
 * owed back when more was paid than billed, or after a credit note). Each form carries the
 * invoice's version; a stale one is refused.
 */
type Errors = Partial<Record<keyof PaymentFormValues, string>>;

export function InvoicePaymentsPage({
  invoice,
  payments,
  csrf,
  values,
  errors,
  refundValues,
  refundErrors,
  problem,
  notice,
}: {
  invoice: Invoice;
  payments: Payment[];
  csrf: string;
  values: PaymentFormValues;
  errors?: Errors;
  refundValues: PaymentFormValues;
  refundErrors?: Errors;
  problem?: string;
  notice?: string;
}) {
  const due = amountDue(invoice);
  const owed = refundOwed(invoice);
  const payable = invoice.state === 'issued' || invoice.state === 'part_paid';
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
        {owed > 0 ? (
          <>
            <dt>Refund owed</dt>
            <dd className="invoice-payments__owed">{formatPence(owed)}</dd>
          </>
        ) : (
          <>
            <dt>Left to pay</dt>
            <dd>{formatPence(due)}</dd>
          </>
        )}
        <dt>State</dt>
        <dd>{INVOICE_STATE_LABELS[invoice.state]}</dd>
      </dl>
      {owed > 0 && (
        <p className="lead-page__notice" role="status">
          {`The customer has paid ${formatPence(owed)} more than this invoice now bills. Refund it, then record the refund below.`}
        </p>
      )}
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
        <MoneyForm
          kind="payment"
          action={invoicePaymentsPath(invoice.id)}
          csrf={csrf}
          version={invoice.version}
          values={values}
          errors={errors}
        />
      )}
      {invoice.state !== 'draft' && invoice.amountPaidPence > 0 && (
        <MoneyForm
          kind="refund"
          action={`${invoicePaymentsPath(invoice.id)}/refund`}
          csrf={csrf}
          version={invoice.version}
          values={refundValues}
          errors={refundErrors}
        />
      )}
    </div>
  );
}

const FORM_WORDS = {
  payment: { heading: 'Record a payment', day: 'Paid on', button: 'Record payment' },
  refund: { heading: 'Record a refund', day: 'Refunded on', button: 'Record refund' },
};

/** "Record a payment" or "Record a refund": the amount, the day and how, with the invoice's version. */
function MoneyForm(props: {
  kind: 'payment' | 'refund';
  action: string;
  csrf: string;
  version: number;
  values: PaymentFormValues;
  errors?: Errors;
}) {
  const { kind, values, errors } = props;
  const words = FORM_WORDS[kind];
  const id = (name: keyof PaymentFormValues) => `${kind}-${name}`;
  const field = (name: keyof PaymentFormValues) => ({
    id: id(name),
    name,
    'aria-invalid': errors?.[name] ? true : undefined,
    'aria-describedby': errors?.[name] ? `${id(name)}-error` : undefined,
  });
  const error = (name: keyof PaymentFormValues) =>
    errors?.[name] && (
      <p className="lead-form__error" id={`${id(name)}-error`}>
        {errors[name]}
      </p>
    );
  return (
    <form method="post" action={props.action} className="lead-form invoice-payments__form">
      <h2>{words.heading}</h2>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      <input type="hidden" name="version" value={props.version} />
      <label className="lead-form__label" htmlFor={id('amount')}>
        Amount (£)
      </label>
      <input {...field('amount')} className="lead-form__input" inputMode="decimal" maxLength={12} defaultValue={values.amount} />
      {error('amount')}
      <label className="lead-form__label" htmlFor={id('paidOn')}>
        {words.day}
      </label>
      <input {...field('paidOn')} type="date" className="lead-form__input" defaultValue={values.paidOn} />
      {error('paidOn')}
      <label className="lead-form__label" htmlFor={id('method')}>
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
      <button type="submit" className={buttonClass(kind === 'payment' ? 'default' : 'outline')}>
        {words.button}
      </button>
    </form>
  );
}
