import { buttonClass } from '../../components/button';
import { VAT_RATE_LABELS, type VatRate } from '../../rules/money';
import { QUOTE_LIMITS } from '../../rules/quote-form';
import { CSRF_FIELD } from '../auth/session';
import { EditorField, EditorHead, EditorLines, EditorTextArea } from '../quotes/editor-parts';
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

export function InvoiceEditorPage(props: InvoiceEditorProps) {
  const { values, errors, vatRegistered } = props;
  const { link } = values;
  const shown = { values, errors, idPrefix: 'invoice' };
  const lineProblems = Object.entries(errors ?? {})
    .filter(([name]) => name === 'lines' || name === '_form')
    .map(([, message]) => message);
  return (
    <div className="quote-editor">
      <EditorHead
        back={{ href: INVOICES_PATH, label: 'All invoices' }}
        title={`${props.invoiceId ? 'Draft invoice' : 'New invoice'}${link.kind === 'deposit' ? ' for a deposit' : ''}`}
        problem={props.problem}
      />
      <form method="post" action={props.invoiceId ? invoicePath(props.invoiceId) : INVOICES_PATH} className="quote-editor__form">
        <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
        <input type="hidden" name="version" value={props.version} />
        {link.leadId && <input type="hidden" name="lead" value={link.leadId} />}
        {link.quoteId && <input type="hidden" name="quote" value={link.quoteId} />}
        <input type="hidden" name="kind" value={link.kind} />
        <fieldset className="quote-editor__customer">
          <legend className="lead-page__heading">Customer</legend>
          <EditorField name="customerName" label="Name" {...shown} />
          <EditorField name="customerEmail" label="Email" type="email" {...shown} />
          <EditorTextArea name="customerAddress" label="Address" rows={2} maxLength={QUOTE_LIMITS.address} {...shown} />
          <label className="quote-line__check">
            <input type="checkbox" name="business" defaultChecked={(values.fields.business ?? '') !== ''} /> A business customer
          </label>
        </fieldset>
        {link.kind === 'deposit' ? (
          <DepositLines lines={values.lines} />
        ) : (
          <EditorLines lines={values.lines} problems={lineProblems} vatRegistered={vatRegistered} choices={false} />
        )}
        <h2 className="lead-page__heading">Dates and notes</h2>
        <EditorField name="suppliedOn" label="Work done on" type="date" {...shown} />
        <EditorField
          name="termsDays"
          label="Payment terms (days)"
          hint="Days from the invoice to the due date; 0 for payment on completion."
          {...shown}
        />
        <EditorTextArea name="notes" label="Notes for the customer" rows={3} maxLength={QUOTE_LIMITS.notes} {...shown} />
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

/** A deposit's lines are the deposit the customer accepted, split by the quote's VAT rates: shown, not edited. */
function DepositLines({ lines }: { lines: InvoiceValues['lines'] }) {
  return (
    <section aria-labelledby="deposit-lines" className="quote-editor__customer">
      <h2 id="deposit-lines" className="lead-page__heading">
        The deposit
      </h2>
      <ul>
        {lines.map((line) => (
          <li key={`${line.description}-${line.vat}`}>
            {line.description}: £{line.price} before VAT ({VAT_RATE_LABELS[line.vat as VatRate] ?? line.vat})
          </li>
        ))}
      </ul>
      <p className="lead-form__hint">
        The deposit the customer accepted with the quote, split by its VAT rates. To ask a different deposit, revise the quote;
        the final invoice takes this one off.
      </p>
    </section>
  );
}
