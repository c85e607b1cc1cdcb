import { buttonClass } from '../../components/button';
import { LIMITS } from '../../leads/schemas';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { describedBy, Field } from '../shell/parts';
import { PersonResults, type PersonResultsProps } from './PersonResults';

export const PERSON_PATH = '/admin/leads/person';

/** What the owner typed, shown back as typed. */
export interface PersonSearchValues {
  email: string;
  phone: string;
}

export interface PersonPageProps {
  csrf: string;
  values: PersonSearchValues;
  /** The search was refused: by a field, or as a whole (neither filled in). */
  error?: { field: 'email' | 'phone' | null; error: string };
  results?: Omit<PersonResultsProps, 'csrf'>;
}

/**
 * Find a person: every lead for an e-mail address or phone number, to answer a request to see
 * or delete their data. The search is a POST, not a GET, so the address never sits in a URL
 * (browser history, the platform's request logs).
 */
export function PersonPage({ csrf, values, error, results }: PersonPageProps) {
  const fieldError = (name: 'email' | 'phone') => (error?.field === name ? error.error : undefined);
  const control = (name: 'email' | 'phone') => ({
    id: name,
    name,
    className: 'lead-form__control',
    defaultValue: values[name],
    'aria-invalid': fieldError(name) ? true : undefined,
    'aria-describedby': describedBy(name, true, Boolean(fieldError(name))),
    autoComplete: 'off',
    spellCheck: false,
  });
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Find a person</h1>
        <a className={buttonClass('ghost', 'sm')} href="/admin/leads">
          ← All leads
        </a>
      </div>
      <p className="admin-muted">
        For a request to see or delete someone's data: every lead, quote and invoice with this e-mail address or phone number,
        oldest first.
      </p>
      {error && error.field === null && <Notice tone="error">{error.error}</Notice>}
      <form method="post" action={PERSON_PATH} className="admin-form admin-person-search" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <Field name="email" label="E-mail" error={fieldError('email')} hint="Upper or lower case, either way.">
          <input {...control('email')} type="email" maxLength={LIMITS.email} autoCapitalize="none" />
        </Field>
        <Field
          name="phone"
          label="Phone"
          error={fieldError('phone')}
          hint="However it was written: 01632 960123, +44 1632 960123."
        >
          <input {...control('phone')} type="tel" maxLength={LIMITS.phone} />
        </Field>
        <div className="admin-form__actions">
          <button type="submit" className={buttonClass('default')}>
            Find leads
          </button>
        </div>
      </form>
      {results && <PersonResults csrf={csrf} {...results} />}
    </section>
  );
}
