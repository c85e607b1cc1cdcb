import type { ReactNode } from 'react';
import { FieldLabel } from '../../../client/forms/fields';

/** Small pieces shared by the admin pages. */

/**
 * Pages read by keyset (a page starts from the row before it, not at an offset): links to the
 * pages either side when there are, and where this one is ('Page 2 of 9').
 */
export function KeysetPagination({ newer, older, label }: { newer: string | null; older: string | null; label: string }) {
  if (!newer && !older) return null;
  return (
    <nav className="admin-pagination" aria-label="Pages">
      {newer ? (
        <a href={newer} rel="prev">
          ← Newer
        </a>
      ) : (
        <span />
      )}
      <span>{label}</span>
      {older ? (
        <a href={older} rel="next">
          Older →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export type BadgeTone = 'green' | 'blue' | 'amber' | 'red' | 'grey';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}

export interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** The control; it must carry id={name} and use describedBy(name, ...) for aria-describedby. */
  children: ReactNode;
  wide?: boolean;
  /** False: neither "*" nor "(optional)" (a field that always has a value, like a position). */
  mark?: boolean;
}

/** The ids a control points to with aria-describedby: its hint and, when present, its error. */
export const describedBy = (name: string, hint: boolean, error: boolean) =>
  [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A labelled form field with its hint and its error message (the site's form styles). */
export function Field({ name, label, error, hint, required, children, wide, mark = true }: FieldProps) {
  const classes = ['lead-form__field', error ? 'lead-form__field--invalid' : '', wide ? 'admin-field--wide' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {mark ? (
        <FieldLabel htmlFor={name} label={label} required={required} />
      ) : (
        <label className="lead-form__label" htmlFor={name}>
          {label}
        </label>
      )}
      {children}
      {hint && (
        <p className="lead-form__hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="lead-form__error" id={`${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
