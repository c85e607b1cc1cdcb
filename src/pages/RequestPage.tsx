import { buttonClass } from '../components/button';
import type { Lead } from '../db/schema';
import { bookingWords, JOB_STATUS_LABELS } from '../rules/job-status';
import { useContent } from '../site-content/context';
import { serviceIn } from '../site-content/view';

/** What the customer's page says after they used it (?done=…). */
export const REQUEST_NOTICES = {
  rebook: 'Thank you. We have your request to rebook and will be in touch to agree a new time.',
  cancel: 'Thank you. We have your request to cancel; we will confirm it with you.',
  stopped: 'Done. We will not send you any more review requests.',
} as const;
export type RequestNotice = keyof typeof REQUEST_NOTICES;

const STATUS_WORDS: Record<Lead['jobStatus'], string> = {
  new: 'We have your request and will be in touch.',
  contacted: 'We have been in touch about your request.',
  booked: 'Your visit is booked.',
  done: 'The job is done. Thank you for choosing us.',
  lost: 'This request is closed.',
};

/**
 * The customer's own page for their request, behind a signed link with no account: their first
 * name, the service, the booking and the status, and two buttons (plain forms) to ask to rebook
 * or cancel. Nothing else about them is shown, in case the link is passed on.
 */
export function RequestPage({ lead, path, notice }: { lead: Lead; path: string; notice?: RequestNotice }) {
  const content = useContent();
  const { site } = content;
  const firstName = lead.name.trim().split(/\s+/)[0] ?? '';
  const service = lead.service ? (serviceIn(content, lead.service)?.title ?? '') : '';
  const booked = lead.jobStatus === 'booked' && lead.bookedDay && lead.bookedFrom && lead.bookedTo;
  return (
    <section className="section">
      <div className="container request-page">
        <h1 className="request-page__title">{`Hello ${firstName}`}</h1>
        {notice && (
          <p className="request-page__notice" role="status">
            {REQUEST_NOTICES[notice]}
          </p>
        )}
        <dl className="request-page__facts">
          {service && (
            <>
              <dt>Service</dt>
              <dd>{service}</dd>
            </>
          )}
          <dt>Status</dt>
          <dd>{`${JOB_STATUS_LABELS[lead.jobStatus]}: ${STATUS_WORDS[lead.jobStatus]}`}</dd>
          {booked && (
            <>
              <dt>Booking</dt>
              <dd className="request-page__booking">
                {bookingWords({ day: lead.bookedDay!, from: lead.bookedFrom!, to: lead.bookedTo! })}
              </dd>
            </>
          )}
        </dl>
        {booked && (
          <div className="request-page__actions">
            <form method="post" action={`${path}/rebook`}>
              <button type="submit" className={buttonClass('default')}>
                Ask to rebook
              </button>
            </form>
            <form method="post" action={`${path}/cancel`}>
              <button type="submit" className={buttonClass('outline')}>
                Cancel
              </button>
            </form>
          </div>
        )}
        <p>
          {`Anything urgent? Call us ${site.line.when} on `}
          <a href={site.phone.emergency.href}>{site.phone.emergency.display}</a>.
        </p>
      </div>
    </section>
  );
}

/** The stop line's page: one button, so a mail scanner opening the link stops nothing by itself. */
export function StopReviewsPage({ path, stopped }: { path: string; stopped: boolean }) {
  return (
    <section className="section">
      <div className="container request-page">
        <h1 className="request-page__title">Review requests</h1>
        {stopped ? (
          <p className="request-page__notice" role="status">
            {REQUEST_NOTICES.stopped}
          </p>
        ) : (
          <form method="post" action={`${path}/stop`}>
            <p>We send at most one review request and one reminder. You can stop them now.</p>
            <button type="submit" className={buttonClass('default')}>
              Stop review requests
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
