/** The form field that carries a session's CSRF token: browser-safe, so the admin islands send the same name. */
export const CSRF_FIELD = '_csrf';
