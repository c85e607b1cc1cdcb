/**
 * What a server-rendered form shows: the visitor's entries and the message for each field
 * that failed validation (the no-JavaScript path re-renders the page with these). `errors._form`
 * is a message about the whole form (too many requests, could not be stored).
 *
 * The routes that render a form page fill `token` (and `turnstileSiteKey` when Turnstile is
 * configured) with `newFormState(env, form)`: pages never read env.
 */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Signed time the form was served (anti-spam: minimum fill time). */
  token?: string;
  /** Cloudflare Turnstile site key, only when both Turnstile keys are configured. */
  turnstileSiteKey?: string;
  /** True when the customer is e-mailed a confirmation (LEAD_CONFIRMATIONS): the sent panel says so. */
  confirmationEmail?: boolean;
}

export const emptyFormState: FormState = { values: {}, errors: {} };

/** The key of `FormState.errors` that holds a message about the whole form. */
export const FORM_ERROR = '_form';
