import { MONTH_NAMES } from '../../rules/uk-time';
import type { FieldErrors } from '../../rules/validation';
import { describedBy, Field } from '../shell/parts';
import { TextField } from './parts';

type Values = Record<string, string>;

/** A yes/no setting as two radios: an unticked box is not sent, and a part's save keeps what it does not receive. */
function YesNo({ name, label, yes, no, values }: { name: string; label: string; yes: string; no: string; values: Values }) {
  return (
    <>
      <p className="lead-form__label" id={`${name}-label`}>
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={`${name}-label`}>
        <label className="admin-check">
          <input type="radio" name={name} value="on" defaultChecked={values[name] === 'on'} /> {yes}
        </label>
        <label className="admin-check">
          <input type="radio" name={name} value="off" defaultChecked={values[name] !== 'on'} /> {no}
        </label>
      </div>
    </>
  );
}

/** The invoicing part of the business facts: payment terms, bank details, and the HMRC and late-payment options. */
export function InvoicingFields({ values, errors }: { values: Values; errors: FieldErrors }) {
  const t = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={label} values={values} errors={errors} {...extra} />
  );
  return (
    <>
      <p className="lead-form__hint">
        Invoices show VAT only while the business facts have a VAT number. Bank details are printed on every invoice with its
        number as the reference.
      </p>
      {t('termsDays', 'Payment terms (days)', {
        inputMode: 'numeric',
        hint: 'Days from the invoice to its due date; 0 for payment on completion.',
      })}
      {t('bankAccountName', 'Bank account name')}
      {t('sortCode', 'Sort code', { inputMode: 'numeric', hint: 'Like 12-34-56.' })}
      {t('accountNumber', 'Account number', { inputMode: 'numeric', hint: '8 digits.' })}
      <YesNo
        name="simplifiedInvoices"
        label="Invoices of £250 or less"
        yes="Simplified VAT invoices (no customer details)"
        no="Full VAT invoices"
        values={values}
      />
      <YesNo
        name="latePaymentInterest"
        label="Late payment by a business customer"
        yes="Show the statutory interest and fixed sum on overdue invoices"
        no="Do not show them"
        values={values}
      />
      {t('baseRate', 'Bank of England base rate (%)', { inputMode: 'decimal', hint: 'Statutory interest is 8% over it.' })}
      {t('yearEndDay', 'Financial year ends: day', {
        inputMode: 'numeric',
        hint: 'Invoices and payments are kept six years after the end of the financial year they fall in, as HMRC requires.',
      })}
      <Field name="yearEndMonth" label="Financial year ends: month" error={errors.yearEndMonth}>
        <select
          id="yearEndMonth"
          name="yearEndMonth"
          className="lead-form__control"
          defaultValue={values.yearEndMonth ?? '3'}
          aria-invalid={errors.yearEndMonth ? true : undefined}
          aria-describedby={describedBy('yearEndMonth', false, Boolean(errors.yearEndMonth))}
        >
          {MONTH_NAMES.map((month, i) => (
            <option key={month} value={String(i + 1)}>
              {month}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
