import { buttonClass } from '../components/button';
import type { Lead } from '../db/schema';
import type { JobReport } from '../jobs/job-report';
import { customerStatus } from '../rules/customer-status';
import { amountDue } from '../rules/invoice-state';
import { bookingWords, customerMayAsk } from '../rules/job-status';
import { useContent } from '../site-content/context';
import { serviceIn } from '../site-content/view';
import { type CustomerInvoice, CustomerInvoices } from './CustomerInvoices';
import { JobReportSection } from './JobReportSection';
import { REQUEST_ACTIONS } from './RequestConfirmPage';

/** What the customer's page says after they used it (?done=…). */
export const REQUEST_NOTICES = {
  rebook: 'Thank you. We have your request to rebook and will be in touch to agree a new time.',
  cancel: 'Your visit is cancelled. Thank you for letting us know.',
  stopped: 'Done. We will not send you any more review requests.',
  changed: 'Your booking changed before your request reached us, so nothing was done with it. Here it is as it is now.',
  paid: 'Thank you for your payment. It shows below once the card payment is confirmed, usually within a minute.',
  'pay-failed': 'We could not start the card payment just now. Please try again in a few minutes.',
} as const;
export type RequestNotice = keyof typeof REQUEST_NOTICES;

/** The booking's heading on the customer's page: the visit, one they asked to move, or one cancelled. */
const BOOKING_TERM: Partial<Record<Lead['jobStatus'], string>> = {
  booked: 'Booking',
  rebook: 'Booking you asked to move',
  cancelled: 'Cancelled visit',
};

/**
 * The customer's own page for their request, behind a signed link with no account: their first
 * name, the service, the booking and the status, and links to ask to rebook or cancel, each to
 * a page that asks them to confirm (<RequestConfirmPage>). Nothing else about them
 * is shown, in case the link is passed on.
 */
/**
 * `quote`: the number of the quote sent to them, when there is one (a link to it), and whether they
 * accepted it; `report`: the job report once finished; `money`: their issued invoices and whether
 * they may pay by card. The status follows all of them (`customerStatus`).
 */
export function RequestPage({
  lead,
  path,
  notice,
  quote,
  quoteAccepted = false,
  money,
  report,
}: {
  lead: Lead;
  path: string;
  notice?: RequestNotice;
  quote?: string;
  quoteAccepted?: boolean;
  money?: { invoices: CustomerInvoice[]; cardPayments: boolean };
  report?: JobReport | null;
}) {
  const content = useContent();
  const { site } = content;
  const firstName = lead.name.trim().split(/\s+/)[0] ?? '';
  const service = lead.service ? (serviceIn(content, lead.service)?.title ?? '') : '';
  const bookingTerm = lead.bookedDay && lead.bookedFrom && lead.bookedTo ? BOOKING_TERM[lead.jobStatus] : undefined;
  // Once the engineer has finished, there is no visit left to move or cancel: the report stands instead.
  const asks = report ? [] : (['rebook', 'cancel'] as const).filter((request) => customerMayAsk(lead.jobStatus, request));
  const invoices = money?.invoices ?? [];
  const status = customerStatus(lead.jobStatus, {
    quoteAccepted,
    workFinished: Boolean(report),
    paid:
      invoices.some((invoice) => invoice.kind === 'final' && invoice.state === 'paid') &&
      invoices.every((invoice) => amountDue(invoice) === 0),
  });
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
          <dd>{`${status.label}: ${status.words}`}</dd>
          {bookingTerm && (
            <>
              <dt>{bookingTerm}</dt>
              <dd className="request-page__booking">
                {bookingWords({ day: lead.bookedDay!, from: lead.bookedFrom!, to: lead.bookedTo! })}
              </dd>
            </>
          )}
        </dl>
        {quote && (
          <p>
            <a href={`${path}/quote`} className={buttonClass('default')}>
              {`Your quote ${quote}`}
            </a>
          </p>
        )}
        {money && <CustomerInvoices invoices={money.invoices} path={path} cardPayments={money.cardPayments} />}
        {asks.length > 0 && (
          <div className="request-page__actions">
            {asks.map((request) => (
              <a key={request} href={`${path}/${request}`} className={buttonClass(request === 'rebook' ? 'default' : 'outline')}>
                {REQUEST_ACTIONS[request].link}
              </a>
            ))}
          </div>
        )}
        {report && <JobReportSection report={report} path={path} />}
        <p className="no-print">
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
