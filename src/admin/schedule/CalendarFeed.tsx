import { buttonClass } from '../../components/button';
import { CSRF_FIELD } from '../auth/session';
import { CALENDAR_FEED_OFF_PATH, CALENDAR_FEED_PATH } from './paths';

/**
 * The signed-in person's own calendar: turn on a private address their phone's calendar
 * subscribes to, make a new one (the old stops at once), or turn it off. Plain forms.
 */
export function CalendarFeedSection({ csrf, on }: { csrf: string; on: boolean }) {
  return (
    <section className="admin-panel schedule-feed no-print" aria-labelledby="calendar-feed">
      <h2 id="calendar-feed" className="dash-block__title">
        Your jobs in your phone’s calendar
      </h2>
      <p className="admin-muted">
        {on
          ? 'Your private calendar address is on. If you lost it or someone else has it, make a new one: the old one stops working at once.'
          : 'A private address Google Calendar, Apple Calendar or Outlook can subscribe to: the jobs given to you from 30 days ago to 90 days ahead, with the name, address and phone, never notes or e-mail addresses.'}
      </p>
      <div className="schedule-feed__actions">
        <form method="post" action={CALENDAR_FEED_PATH}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button type="submit" className={buttonClass('default', 'sm')}>
            {on ? 'Make a new address' : 'Turn on my calendar address'}
          </button>
        </form>
        {on && (
          <form method="post" action={CALENDAR_FEED_OFF_PATH}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className={buttonClass('outline', 'sm')}>
              Turn it off
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

/** The new address, shown once (only its hash is kept): a link that opens the calendar app, and the text to copy. */
export function NewFeedPage({ url }: { url: string }) {
  const webcal = url.replace(/^https?:/, 'webcal:');
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">Your calendar address</h1>
      <p>
        <a className={buttonClass('default')} href={webcal}>
          Add to my calendar
        </a>
      </p>
      <p>Or copy this address into your calendar app’s “subscribe” or “from URL” setting:</p>
      <p className="schedule-feed__url">
        <code>{url}</code>
      </p>
      <p className="admin-muted">
        It is shown only now. Anyone who has it can see your jobs: keep it to yourself. A new one can be made on the schedule at
        any time.
      </p>
      <p>
        <a href="/admin/schedule">Back to the schedule</a>
      </p>
    </section>
  );
}
