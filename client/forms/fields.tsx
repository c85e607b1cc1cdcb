import type { ChangeEvent, ReactNode } from 'react';
import { BEST_TIMES, NO_BEST_TIME_LABEL } from '../../src/content/best-times';
import { HONEYPOT_FIELD, TOKEN_FIELD } from '../../src/leads/field-names';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
}

interface FieldProps {
  /** Unique on the page, e.g. 'contact-name' (no useId: islands hydrate as separate roots). */
  id: string;
  label: string;
  binding: FieldBinding;
  required?: boolean;
  hint?: string;
}

/** A field's label with its required star or '(optional)': shared by the lead forms and the admin. */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="lead-form__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="lead-form__required" aria-hidden="true">
          {' *'}
        </span>
      ) : (
        <span className="lead-form__optional"> (optional)</span>
      )}
    </label>
  );
}

function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: Omit<FieldProps, 'binding'> & { error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'lead-form__field lead-form__field--invalid' : 'lead-form__field'}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint && (
        <p className="lead-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="lead-form__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

const controlProps = ({ id, binding, required, hint }: FieldProps) => ({
  id,
  name: binding.name,
  value: binding.value,
  onChange: binding.onChange,
  required,
  'aria-invalid': binding.error ? true : undefined,
  'aria-describedby': describedBy(id, binding.error, hint),
  className: 'lead-form__control',
});

export function TextField(
  props: FieldProps & { type?: 'text' | 'email' | 'tel'; autoComplete: string; maxLength: number; placeholder?: string },
) {
  const { type = 'text', autoComplete, maxLength, placeholder } = props;
  return (
    <FieldFrame {...props} error={props.binding.error}>
      <input {...controlProps(props)} type={type} autoComplete={autoComplete} maxLength={maxLength} placeholder={placeholder} />
    </FieldFrame>
  );
}

export function TextAreaField(props: FieldProps & { maxLength: number; rows?: number; placeholder?: string }) {
  return (
    <FieldFrame {...props} error={props.binding.error}>
      <textarea {...controlProps(props)} maxLength={props.maxLength} rows={props.rows ?? 5} placeholder={props.placeholder} />
    </FieldFrame>
  );
}

export function SelectField(props: FieldProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame {...props} error={props.binding.error}>
      <select {...controlProps(props)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The choices of both forms' "Best time to call": none, or one of the shared times. */
export const BEST_TIME_OPTIONS = [{ value: '', label: NO_BEST_TIME_LABEL }, ...BEST_TIMES];

function TurnstileBox({ siteKey }: { siteKey: string }) {
  // Turnstile's script fills this box itself; an empty innerHTML keeps React out of it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string
  return <div className="cf-turnstile lead-form__turnstile" data-sitekey={siteKey} dangerouslySetInnerHTML={{ __html: '' }} />;
}

/** The signed timing token and the field only a bot fills in (hidden from people and readers). */
export function SpamGuards({
  idPrefix,
  token,
  turnstileSiteKey,
}: {
  idPrefix: string;
  token: string;
  turnstileSiteKey?: string;
}) {
  return (
    <>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      <div className="lead-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {turnstileSiteKey && <TurnstileBox siteKey={turnstileSiteKey} />}
    </>
  );
}

export function FormAlert({ id, message }: { id: string; message?: string }) {
  return (
    <div className="lead-form__alert-slot" id={id} role="alert">
      {message && <p className="lead-form__alert">{message}</p>}
    </div>
  );
}

/**
 * The send button with one line beside it on what the details are for and a link to /privacy:
 * static markup, so it costs the island a few bytes and shows before any script runs.
 */
export function SubmitWithPrivacyNote({ purpose, children }: { purpose: string; children: ReactNode }) {
  return (
    <div className="lead-form__actions">
      {children}
      <p className="lead-form__privacy">
        {`We use your details only to ${purpose}. `}
        <a href="/privacy">Privacy notice</a>
      </p>
    </div>
  );
}
