import { buttonClass } from '../components/button';
import type { Lead } from '../db/schema';
import { CUSTOMER_WORDS_MAX } from '../jobs/customer-words';
import { bookingWords, type CustomerRequest } from '../rules/job-status';
import { leadVersion, VERSION_FIELD } from '../rules/lead-version';
import { useContent } from '../site-content/context';

/** Each request's words: the link on the customer's page, the question, the field and the button. */
export const REQUEST_ACTIONS: Record<CustomerRequest, { link: string; title: string; field: string; button: string }> = {
  rebook: {
    link: 'Ask to rebook',
    title: 'Ask for a new time?',
    field: 'When would suit you better? (optional)',
    button: 'Ask to rebook',
  },
  cancel: {
    link: 'Cancel the visit',
    title: 'Cancel your visit?',
    field: 'Why, or a time that would suit you better (optional)',
    button: 'Yes, cancel the visit',
  },
};

interface RequestConfirmProps {
  lead: Lead;
  /** The request page's path, /r/<token>. */
  path: string;
  request: CustomerRequest;
  /** A refused post: its message and what was typed. */
  error?: { message: string; typed: string };
}

/**
 * The step between the customer's page and their request: the visit it is about, an optional
 * reason or better time, and a plain form (no JavaScript needed). "Keep my booking" leaves
 * everything as it was; nothing is recorded until the button is pressed.
 */
export function RequestConfirmPage({ lead, path, request, error }: RequestConfirmProps) {
  const { site } = useContent();
  const words = REQUEST_ACTIONS[request];
  const booking =
    lead.bookedDay && lead.bookedFrom && lead.bookedTo
      ? bookingWords({ day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo })
      : '';
  return (
    <section className="section">
      <div className="container request-page">
        <h1 className="request-page__title">{words.title}</h1>
        {booking && <p className="request-page__booking">{booking}</p>}
        <form method="post" action={`${path}/${request}`} className="request-page__form">
          {/* The visit as shown here: changed before the request arrives, nothing is done with it. */}
          <input type="hidden" name={VERSION_FIELD} value={leadVersion(lead)} />
          <label className="lead-form__label" htmlFor="request-words">
            {words.field}
          </label>
          {error && (
            <p className="lead-form__error" id="request-words-error" role="alert">
              {error.message}
            </p>
          )}
          <textarea
            id="request-words"
            name="words"
            rows={4}
            maxLength={CUSTOMER_WORDS_MAX}
            className="lead-form__control"
            defaultValue={error?.typed ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'request-words-error' : undefined}
          />
          <div className="request-page__actions">
            <button type="submit" className={buttonClass(request === 'cancel' ? 'destructive' : 'default')}>
              {words.button}
            </button>
            <a href={path} className={buttonClass('outline')}>
              Keep my booking
            </a>
          </div>
        </form>
        <p>
          {`Rather talk? Call us ${site.line.when} on `}
          <a href={site.phone.emergency.href}>{site.phone.emergency.display}</a>.
        </p>
      </div>
    </section>
  );
}
