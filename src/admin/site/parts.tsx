import type { ReactNode } from 'react';
import type { FieldErrors } from '../../rules/validation';
import { CSRF_FIELD } from '../auth/session';
import { describedBy, Field } from '../shell/parts';

/**
 * One site form: the CSRF token, the revision it was read from (a save is refused if someone else
 * changed the same part since), a summary of what is wrong, the fields, Preview and Publish.
 */
export function SiteForm({
  action,
  csrf,
  revision,
  errors,
  children,
  button = 'Publish',
  preview = true,
}: {
  action: string;
  csrf: string;
  revision: number;
  errors: FieldErrors;
  children: ReactNode;
  button?: string;
  preview?: boolean;
}) {
  const count = Object.keys(errors).filter((name) => name !== '_form').length;
  return (
    <form method="post" action={action} className="admin-form site-form" noValidate>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="revision" value={revision} />
      {(errors._form || count > 0) && (
        <p className="admin-notice admin-notice--error" role="alert">
          {errors._form ?? `Nothing was saved: please check the ${count === 1 ? 'field' : `${count} fields`} marked below.`}
        </p>
      )}
      {children}
      <p className="admin-form__actions">
        {preview && (
          <button type="submit" name="intent" value="preview" className="btn btn--outline btn--lg">
            Preview
          </button>
        )}
        <button type="submit" name="intent" value="publish" className="btn btn--default btn--lg">
          {button}
        </button>
      </p>
    </form>
  );
}

type Values = Record<string, string>;

/** A one-line text field with its label, hint and message. */
export function TextField({
  name,
  label,
  values,
  errors,
  hint,
  type = 'text',
  required,
  autoComplete,
  inputMode,
  mark,
}: {
  name: string;
  label: string;
  values: Values;
  errors: FieldErrors;
  hint?: string;
  type?: 'text' | 'tel' | 'email' | 'url' | 'date' | 'datetime-local' | 'time';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric';
  mark?: boolean;
}) {
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint} required={required} mark={mark}>
      <input
        id={name}
        name={name}
        className="lead-form__control"
        type={type}
        defaultValue={values[name] ?? ''}
        required={required}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(errors[name]))}
      />
    </Field>
  );
}

/** A paragraph field. */
export function AreaField({
  name,
  label,
  values,
  errors,
  hint,
  rows = 4,
  required,
}: {
  name: string;
  label: string;
  values: Values;
  errors: FieldErrors;
  hint?: string;
  rows?: number;
  required?: boolean;
}) {
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint} required={required} wide>
      <textarea
        id={name}
        name={name}
        className="lead-form__control"
        rows={rows}
        defaultValue={values[name] ?? ''}
        required={required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(errors[name]))}
      />
    </Field>
  );
}

export function Saved({ saved }: { saved: boolean }) {
  if (!saved) return null;
  return (
    <p className="admin-notice" role="status">
      Published. The site shows it now; every page has it within a minute.
    </p>
  );
}

/** What every site form page takes: the values shown, the messages beside them, and whether it was just published. */
export interface FormPageProps {
  csrf: string;
  /** The revision the values were read from. */
  revision: number;
  values: Values;
  errors: FieldErrors;
  saved: boolean;
}
