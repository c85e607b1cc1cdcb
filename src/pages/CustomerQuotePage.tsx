import { buttonClass } from '../components/button';
import { QuoteTable } from '../components/QuoteTable';
import type { QuoteWithLines } from '../db/quotes';
import { EXPRESS_START_QUESTION } from '../quotes/consumer-rights';
import type { QuoteChoices } from '../rules/money-lines';
import { isOpen } from '../rules/quote-state';
import { formatLondon } from '../rules/uk-time';
import { useContent } from '../site-content/context';

/**
 * The customer's quote on their request page: the document itself (printable: print CSS drops the
 * forms), the choices of optional lines and alternatives (the server totals them: "Update the
 * total" posts them back), and accepting (typed full name, the terms ticked and, for a consumer,
 * the express request to start within 14 days), declining or asking a question. A quote no longer
 * open says why and offers to ask for a new one.
 */
export const QUOTE_NOTICES = {
  accepted: 'Thank you: you accepted the quote. A copy is on its way to your e-mail.',
  declined: 'You declined the quote. Thank you for telling us.',
  asked: 'Your question is with us: we will answer it soon.',
} as const;
export type QuoteNotice = keyof typeof QUOTE_NOTICES;

const CLOSED_WORDS: Partial<Record<QuoteWithLines['quote']['state'], string>> = {
  declined: 'You declined this quote.',
  expired: 'This quote has expired.',
  superseded: 'This quote has been replaced by a newer version.',
  withdrawn: 'This quote has been withdrawn.',
};

export interface CustomerQuoteProps {
  found: QuoteWithLines;
  path: string;
  choices: QuoteChoices;
  notice?: QuoteNotice;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/** The owner's terms as they wrote them: a paragraph for each blank-line break. */
function TermsText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((part) => part.trim() !== '');
  return (
    <div className="quote-page__terms">
      {paragraphs.map((part, index) => (
        // The terms' paragraphs never reorder: their place is their key.
        <p key={index}>{part.trim()}</p>
      ))}
    </div>
  );
}

function AcceptFields({
  business,
  errors,
  values,
}: {
  business: boolean;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}) {
  return (
    <>
      <label className="lead-form__label" htmlFor="quote-typed-name">
        Your full name
      </label>
      <input
        id="quote-typed-name"
        name="typedName"
        autoComplete="name"
        maxLength={100}
        className="lead-form__control"
        defaultValue={values?.typedName ?? ''}
      />
      {errors?.typedName && <p className="lead-form__error">{errors.typedName}</p>}
      <label className="quote-page__check">
        <input type="checkbox" name="terms" value="yes" defaultChecked={values?.terms === 'yes'} /> I accept the quote and its
        terms
      </label>
      {errors?.terms && <p className="lead-form__error">{errors.terms}</p>}
      {!business && (
        <fieldset className="quote-page__choices">
          <legend className="lead-form__label">{EXPRESS_START_QUESTION}</legend>
          <label className="quote-page__check">
            <input type="radio" name="expressStart" value="yes" defaultChecked={values?.expressStart === 'yes'} /> Yes, start
            within the 14 days
          </label>
          <label className="quote-page__check">
            <input type="radio" name="expressStart" value="no" defaultChecked={values?.expressStart === 'no'} /> No, wait until
            the 14 days have passed
          </label>
          {errors?.expressStart && <p className="lead-form__error">{errors.expressStart}</p>}
        </fieldset>
      )}
    </>
  );
}

export function CustomerQuotePage({ found, path, choices, notice, errors, values }: CustomerQuoteProps) {
  const { site } = useContent();
  const { quote, acceptance } = found;
  const open = isOpen(quote.state);
  const action = `${path}/quote`;
  const table = <QuoteTable found={found} choices={choices} choosing={open} />;
  return (
    <section className="section">
      <div className="container request-page customer-quote">
        <h1 className="request-page__title">
          {`Quote ${quote.number}`}
          {quote.version > 1 ? ` (version ${quote.version})` : ''}
        </h1>
        <p>
          {site.name} for {quote.customerName}
          {quote.sentAt ? `, ${formatLondon(quote.sentAt)}` : ''}
          {open && quote.validUntil ? `. It stands until ${formatLondon(quote.validUntil)}.` : ''}
        </p>
        {notice && (
          <p className="request-page__notice" role="status">
            {QUOTE_NOTICES[notice]}
          </p>
        )}
        {errors?._form && (
          <p className="lead-form__error" role="alert">
            {errors._form}
          </p>
        )}
        {CLOSED_WORDS[quote.state] && (
          <div className="quote-page__closed" role="status">
            <p>{CLOSED_WORDS[quote.state]}</p>
            <p>
              <a
                className={buttonClass('default')}
                href={quote.service ? `/free-quote?service=${encodeURIComponent(quote.service)}` : '/free-quote'}
              >
                Ask for a new quote
              </a>
            </p>
          </div>
        )}
        {open ? (
          <form method="post" action={action} className="quote-page__form">
            {table}
            <input type="hidden" name="quote" value={quote.id} />
            <input type="hidden" name="rowVersion" value={quote.rowVersion} />
            <button type="submit" name="action" value="update" className={buttonClass('outline', 'sm')}>
              Update the total
            </button>
            {quote.notes && <p className="quote-page__notes">{quote.notes}</p>}
            <h2>Terms</h2>
            <TermsText text={quote.terms} />
            <AcceptFields business={quote.business} errors={errors} values={values} />
            <button type="submit" name="action" value="accept" className={buttonClass('default')}>
              Accept the quote
            </button>
          </form>
        ) : (
          <>
            {table}
            {quote.notes && <p>{quote.notes}</p>}
            <h2>Terms</h2>
            <TermsText text={acceptance?.terms ?? quote.terms} />
          </>
        )}
        {acceptance && (
          <dl className="request-page__facts">
            <dt>Accepted by</dt>
            <dd>{acceptance.typedName}</dd>
            <dt>When</dt>
            <dd>{formatLondon(acceptance.acceptedAt)}</dd>
            <dt>Record (SHA-256)</dt>
            <dd className="quote-view__hash">{acceptance.hash}</dd>
          </dl>
        )}
        {open && (
          <div className="quote-page__actions">
            <form method="post" action={`${path}/quote/decline`} className="quote-page__form">
              <input type="hidden" name="quote" value={quote.id} />
              <input type="hidden" name="rowVersion" value={quote.rowVersion} />
              <label className="lead-form__label" htmlFor="quote-decline-reason">
                Not for you? A reason helps us (optional)
              </label>
              <textarea id="quote-decline-reason" name="reason" rows={2} maxLength={1000} className="lead-form__control" />
              <button type="submit" className={buttonClass('outline', 'sm')}>
                Decline the quote
              </button>
            </form>
            <form method="post" action={`${path}/quote/question`} className="quote-page__form">
              <label className="lead-form__label" htmlFor="quote-question">
                A question about the quote?
              </label>
              <textarea
                id="quote-question"
                name="question"
                rows={3}
                maxLength={2000}
                className="lead-form__control"
                defaultValue={values?.question ?? ''}
              />
              {errors?.question && <p className="lead-form__error">{errors.question}</p>}
              <button type="submit" className={buttonClass('outline', 'sm')}>
                Send the question
              </button>
            </form>
          </div>
        )}
        <p className="quote-page__actions">
          {`Anything urgent? Call us ${site.line.when} on `}
          <a href={site.phone.emergency.href}>{site.phone.emergency.display}</a>.
        </p>
      </div>
    </section>
  );
}
