/** Names of the hidden fields every lead form carries (server and islands agree on them). */

/** The field only a bot fills in: hidden from people and screen readers. */
export const HONEYPOT_FIELD = 'website';
/** The signed time the form was served (minimum fill time). */
export const TOKEN_FIELD = 'formToken';
/** The hidden input the Turnstile widget adds to the form. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
/** The id of each lead form's <form> element, for inputs that sit outside it (`form` attribute). */
export const formElementId = (form: 'contact' | 'quote') => `${form}-form`;

/** Where the visitor came from, as the form page saw it (`readArrival`). */
export const ATTRIBUTION_FIELD = 'attribution';
