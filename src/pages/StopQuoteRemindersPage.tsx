import { buttonClass } from '../components/button';

const QUOTE_REMINDERS_STOPPED = 'Done. We will not send you any more reminders about your quote.';

/**
 * The link in a quote reminder: stop the reminders of the customer's quotes (their quote stays
 * open to accept; review requests are stopped on a page of their own).
 */
export function StopQuoteRemindersPage({ path, stopped }: { path: string; stopped: boolean }) {
  return (
    <section className="section">
      <div className="container request-page">
        <h1 className="request-page__title">Quote reminders</h1>
        {stopped ? (
          <p className="request-page__notice" role="status">
            {QUOTE_REMINDERS_STOPPED}
          </p>
        ) : (
          <form method="post" action={`${path}/quote/stop`}>
            <p>
              While your quote waits for an answer we send at most three reminders: three days and ten days after sending it, and
              two days before it expires. You can stop them now. Your quote still stands.
            </p>
            <button type="submit" className={buttonClass('default')}>
              Stop quote reminders
            </button>
          </form>
        )}
        <p>
          <a href={`${path}/quote`}>See your quote</a>
        </p>
      </div>
    </section>
  );
}
