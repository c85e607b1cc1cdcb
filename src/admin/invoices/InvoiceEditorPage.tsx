import { buttonClass } from '../../components/button';
import { QUOTE_LIMITS } from '../../rules/quote-form';
import { CSRF_FIELD } from '../auth/session';
import { QuoteLineFields } from '../quotes/QuoteLineFields';
import type { InvoiceValues } from './editor-values';
import { INVOICES_PATH, invoicePath } from './paths';

/**
 * The owner's invoice draft, a plain form like the quote editor: the customer, the lines (one
 * blank line at the end; "Add a line" saves and gives another), the day the work was done, the
 * payment terms and the notes. "Issue" saves, numbers and e-mails it. A draft has no number, so
 * deleting one leaves no gap. Every post carries the version its page read.
 */
export interface InvoiceEditorProps {
  /** null: a new invoice, not saved yet. */
  invoiceId: string | null;
  version: number;
  values: InvoiceValues;
  vatRegistered: boolean;
  csrf: string;
  errors?: Record<string, string>;
  problem?: string;
}

function Field({
  name,
  label,
  values,
  type = 'text',
  errors,
  hint,
}: {
  name: string;
  label: string;
  values: InvoiceValues;
  type?: string;
  errors?: Record<string, string>;
  hint?: string;
}) {
  const error = errors?.[name];
  const id = `invoice-${name}`;
  return (
    <>
      <label className="lead-form__label" htmlFor={id}>
        {label}
      </label>
      {hint && <p className="lead-form__hint">{hint}</p>}
      <input
        id={id}
        name={name}
        type={type}
        className="lead-form__input"
        defaultValue={values.fields[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="lead-form__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

export function InvoiceEditorPage(props: InvoiceEditorProps) {
  const { values, errors, vatRegistered } = props;
  const lines = values.lines.length < QUOTE_LIMITS.lines ? [...values.lines, {}] : values.lines;
  const { link } = values;
  const lineErrors = Object.entries(errors ?? {}).filter(([name]) => name === 'lines' || name === '_form');
  return (
    <div className="quote-editor">
      <p className="lead-page__back">
        <a href={INVOICES_PATH}>All invoices</a>
      </p>
      <h1 className="admin-title">
        {props.invoiceId ? 'Draft invoice' : 'New invoice'}
        {link.kind === 'deposit' ? ' for a deposit' : ''}
      </h1>
      {props.problem && (
        <p className="lead-form__error" role="alert">
          {props.problem}
        </p>
      )}
      <form method="post" action={props.invoiceId ? invoicePath(props.invoiceId) : INVOICES_PATH} className="quote-editor__form">
        <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
        <input type="hidden" name="version" value={props.version} />
        {link.leadId && <input type="hidden" name="lead" value={link.leadId} />}
        {link.quoteId && <input type="hidden" name="quote" value={link.quoteId} />}
        <input type="hidden" name="kind" value={link.kind} />
        <fieldset className="quote-editor__customer">
          <legend className="lead-page__heading">Customer</legend>
          <Field name="customerName" label="Name" values={values} errors={errors} />
          <Field name="customerEmail" label="Email" type="email" values={values} errors={errors} />
          <label className="lead-form__label" htmlFor="invoice-customerAddress">
            Address
          </label>
          <textarea
            id="invoice-customerAddress"
            name="customerAddress"
            rows={2}
            maxLength={QUOTE_LIMITS.address}
            className="lead-form__input"
            defaultValue={values.fields.customerAddress ?? ''}
          />
          <label className="quote-line__check">
            <input type="checkbox" name="business" defaultChecked={(values.fields.business ?? '') !== ''} /> A business customer
          </label>
        </fieldset>
        <h2 className="lead-page__heading">Lines</h2>
        {lineErrors.map(([name, message]) => (
          <p key={name} className="lead-form__error" role="alert">
            {message}
          </p>
        ))}
        {!vatRegistered && <p className="admin-muted">No VAT is charged while the site's facts have no VAT number.</p>}
        {lines.map((line, index) => (
          <QuoteLineFields key={index} index={index} values={line} vatRegistered={vatRegistered} choices={false} />
        ))}
        <button type="submit" name="action" value="add-line" className={buttonClass('outline', 'sm')}>
          Add a line
        </button>
        <h2 className="lead-page__heading">Dates and notes</h2>
        <Field name="suppliedOn" label="Work done on" type="date" values={values} errors={errors} />
        <Field
          name="termsDays"
          label="Payment terms (days)"
          values={values}
          errors={errors}
          hint="Days from the invoice to the due date; 0 for payment on completion."
        />
        <label className="lead-form__label" htmlFor="invoice-notes">
          Notes for the customer
        </label>
        <textarea
          id="invoice-notes"
          name="notes"
          rows={3}
          maxLength={QUOTE_LIMITS.notes}
          className="lead-form__input"
          defaultValue={values.fields.notes ?? ''}
        />
        <div className="quote-editor__actions">
          <button type="submit" name="action" value="save" className={buttonClass('outline', 'sm')}>
            Save draft
          </button>
          <button type="submit" name="action" value="issue" className={buttonClass('default', 'sm')}>
            Issue and e-mail
          </button>
        </div>
      </form>
      {props.invoiceId && (
        <form method="post" action={`${invoicePath(props.invoiceId)}/delete`} className="invoice-actions">
          <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
          <input type="hidden" name="version" value={props.version} />
          <button type="submit" className={buttonClass('ghost', 'sm', 'admin-danger-link')}>
            Delete this draft
          </button>
        </form>
      )}
    </div>
  );
}
