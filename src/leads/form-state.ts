/**
 * What a server-rendered form shows: the visitor's entries and the message for each field
 * that failed validation (the no-JavaScript path re-renders the page with these).
 */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export const emptyFormState: FormState = { values: {}, errors: {} };
