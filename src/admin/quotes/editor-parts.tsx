import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button';
import { QUOTE_LIMITS } from '../../rules/quote-form';
import { QuoteLineFields } from './QuoteLineFields';

/**
 * What the quote editor and the invoice editor share, both being a customer, lines and notes on
 * one plain form: the page's head, a labelled field with its error, and the lines. Each field's id
 * starts with the editor's own prefix (`quote-`, `invoice-`), which its labels and tests point at.
 */

interface FieldsShown {
  /** The editor's values as text, by field name. */
  values: { fields: Record<string, string> };
  errors?: Record<string, string>;
  /** `quote` or `invoice`: the ids' prefix. */
  idPrefix: string;
}

/** The way back to the list, the title, and a refusal of the whole form (stale, nothing to send) above it. */
export function EditorHead({
  back,
  title,
  problem,
}: {
  back: { href: string; label: string };
  title: ReactNode;
  problem?: string;
}) {
  return (
    <>
      <p className="lead-page__back">
        <a href={back.href}>{back.label}</a>
      </p>
      <h1 className="admin-title">{title}</h1>
      {problem && (
        <p className="lead-form__error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** One labelled input, its error under it (named by aria-describedby). */
export function EditorField({
  name,
  label,
  type = 'text',
  hint,
  values,
  errors,
  idPrefix,
}: FieldsShown & { name: string; label: string; type?: string; hint?: string }) {
  const error = errors?.[name];
  const id = `${idPrefix}-${name}`;
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

/** A labelled text box with its maximum: the customer's address, the notes for the customer. */
export function EditorTextArea({
  name,
  label,
  rows,
  maxLength,
  values,
  idPrefix,
}: Omit<FieldsShown, 'errors'> & { name: string; label: string; rows: number; maxLength: number }) {
  const id = `${idPrefix}-${name}`;
  return (
    <>
      <label className="lead-form__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        className="lead-form__input"
        defaultValue={values.fields[name] ?? ''}
      />
    </>
  );
}

/**
 * The lines: what was refused about them, then each line and one blank to fill at the end (until
 * the limit); "Add a line" saves and gives another. `choices`: the quote's optional lines and
 * alternatives (an invoice bills what was done).
 */
export function EditorLines({
  lines,
  problems,
  vatRegistered,
  choices,
}: {
  lines: readonly Record<string, string>[];
  problems: readonly string[];
  vatRegistered: boolean;
  choices: boolean;
}) {
  const shown = lines.length < QUOTE_LIMITS.lines ? [...lines, {}] : lines;
  return (
    <>
      <h2 className="lead-page__heading">Lines</h2>
      {problems.map((message, index) => (
        <p key={index} className="lead-form__error" role="alert">
          {message}
        </p>
      ))}
      {!vatRegistered && <p className="admin-muted">No VAT is charged while the site's facts have no VAT number.</p>}
      {shown.map((line, index) => (
        <QuoteLineFields key={index} index={index} values={line} vatRegistered={vatRegistered} choices={choices} />
      ))}
      <button type="submit" name="action" value="add-line" className={buttonClass('outline', 'sm')}>
        Add a line
      </button>
    </>
  );
}
