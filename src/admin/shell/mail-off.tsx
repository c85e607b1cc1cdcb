import { createContext, useContext } from 'react';

/**
 * Whether the admin's e-mail is set up (MAILCHANNELS_API_KEY, `mailerConfig`). Without it
 * nothing is e-mailed, to the owner or to customers, so no admin page may say a customer "is
 * e-mailed": the words that do ask this context (true outside the admin, and in every test run
 * that has a key).
 */
export const MailContext = createContext(true);

/** True when e-mail is set up; admin pages' words about e-mailing a customer read it. */
export const useMailOn = () => useContext(MailContext);

/** The sentence the admin says instead of "the customer is e-mailed …" while e-mail is not set up. */
export const NOT_E_MAILED = 'E-mail is not set up, so the customer is not e-mailed: tell them yourself.';

/**
 * On every admin page of the owner and office while e-mail is not set up: leads still arrive and
 * are kept, but no one is told by e-mail, so the owner learns it before a customer misses a visit.
 * Short, so the inbox's first leads still fit a phone's first screen under it.
 */
export function MailOffNotice() {
  return (
    <aside className="admin-notice admin-notice--error admin-mail-off" aria-label="E-mail is not set up">
      E-mail is not set up (MAILCHANNELS_API_KEY): nothing is e-mailed, to you or to customers.
    </aside>
  );
}

/** A form's note that the customer is e-mailed, with the truth added while e-mail is not set up. */
export function EmailedHint({ children }: { children: string }) {
  const mailOn = useMailOn();
  return <p className="lead-form__hint">{mailOn ? children : `${children} Not now: e-mail is not set up.`}</p>;
}
