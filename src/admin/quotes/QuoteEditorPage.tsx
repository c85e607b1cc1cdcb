import QuoteLiveTotals from '../../../client/admin/islands/QuoteLiveTotals';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import { QUOTE_LIMITS } from '../../rules/quote-form';
import { CSRF_FIELD } from '../auth/session';
import { EditorField, EditorHead, EditorLines, EditorTextArea } from './editor-parts';
import { type EditorValues, totalsFieldsOf } from './editor-values';
import { QUOTES_PATH, quotePath } from './paths';

/**
 * The owner's quote editor, a plain form: the customer, the lines (one blank line to fill at the
 * end; "Add a line" saves and gives another), the notes and how long it stands. Every button posts
 * the whole form, so nothing typed is lost without JavaScript. A draft's form carries its row
 * version: a save over someone else's is refused and says so.
 */
export interface QuoteEditorProps {
  /** null: a new quote, not saved yet. */
  quoteId: string | null;
  rowVersion: number;
  leadId: string | null;
  values: EditorValues;
  vatRegistered: boolean;
  csrf: string;
  errors?: Record<string, string>;
  /** A refusal of the whole form (stale, nothing to send). */
  problem?: string;
}

/** The deposit asked on acceptance: none, an amount, or a percent of the total the customer accepts. */
function DepositFields({ values, errors }: { values: EditorValues; errors?: Record<string, string> }) {
  const kind = values.fields.depositKind || 'none';
  const error = errors?.deposit;
  return (
    <fieldset className="quote-editor__deposit">
      <legend className="lead-form__label">Deposit on acceptance</legend>
      {(
        [
          ['none', 'No deposit'],
          ['amount', 'An amount in £'],
          ['percent', 'A percent of the total'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="quote-line__check">
          <input type="radio" name="depositKind" value={value} defaultChecked={kind === value} /> {label}
        </label>
      ))}
      <label className="lead-form__label" htmlFor="quote-deposit">
        Deposit (£ or %)
      </label>
      <input
        id="quote-deposit"
        name="deposit"
        inputMode="decimal"
        className="lead-form__input"
        defaultValue={values.fields.deposit ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'quote-deposit-error' : undefined}
      />
      {error && (
        <p id="quote-deposit-error" className="lead-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function QuoteEditorPage(props: QuoteEditorProps) {
  const { values, errors, vatRegistered } = props;
  const shown = { values, errors, idPrefix: 'quote' };
  return (
    <div className="quote-editor">
      <EditorHead
        back={{ href: QUOTES_PATH, label: 'All quotes' }}
        title={props.quoteId ? 'Draft quote' : 'Write a quote'}
        problem={props.problem}
      />
      <form method="post" action={props.quoteId ? quotePath(props.quoteId) : QUOTES_PATH} className="quote-editor__form">
        <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
        <input type="hidden" name="rowVersion" value={props.rowVersion} />
        {props.leadId && <input type="hidden" name="lead" value={props.leadId} />}
        <fieldset className="quote-editor__customer">
          <legend className="lead-page__heading">Customer</legend>
          <EditorField name="customerName" label="Name" {...shown} />
          <EditorField name="customerEmail" label="Email" type="email" {...shown} />
          <EditorField name="customerPhone" label="Phone" type="tel" {...shown} />
          <EditorTextArea name="customerAddress" label="Address" rows={2} maxLength={QUOTE_LIMITS.address} {...shown} />
          <EditorField name="service" label="Service" {...shown} />
          <label className="quote-line__check">
            <input type="checkbox" name="business" defaultChecked={(values.fields.business ?? '') !== ''} /> A business customer
            (no consumer cancellation rights; prices shown before VAT)
          </label>
        </fieldset>
        <EditorLines lines={values.lines} problems={errors?.lines ? [errors.lines] : []} vatRegistered={vatRegistered} choices />
        <h2 className="lead-page__heading">Notes and validity</h2>
        <EditorTextArea name="notes" label="Notes for the customer" rows={3} maxLength={QUOTE_LIMITS.notes} {...shown} />
        <EditorField name="validDays" label="Stands for (days)" {...shown} />
        <DepositFields values={values} errors={errors} />
        <Island name="QuoteLiveTotals" component={QuoteLiveTotals} props={{ fields: totalsFieldsOf(values) }} />
        <div className="quote-editor__actions">
          <button type="submit" name="action" value="save" className={buttonClass('outline', 'sm')}>
            Save draft
          </button>
          <button type="submit" name="action" value="send" className={buttonClass('default', 'sm')}>
            Send to the customer
          </button>
        </div>
      </form>
    </div>
  );
}
