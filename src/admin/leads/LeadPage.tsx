import { useContext } from 'react';
import { buttonClass } from '../../components/button';
import type { LeadView } from '../../db/admin-leads';
import type { invoicesOfLead } from '../../db/invoices';
import type { JobMoney as JobMoneyFigures } from '../../db/job-money';
import type { AcceptedQuote } from '../../db/quote-reads';
import type { EarlierJob } from '../../db/returning';
import type { Lead, LeadEvent, Quote } from '../../db/schema';
import type { SiteRecord } from '../../db/site-work';
import { leadReference } from '../../leads/lead-summary';
import { bookingWords, JOB_STATUS_LABELS, type JobStatus, LOST_REASON_LABELS } from '../../rules/job-status';
import { formatPenceBrief } from '../../rules/money';
import { formatLondon } from '../../rules/uk-time';
import { ContentContext } from '../../site-content/context';
import { LeadInvoices } from '../invoices/LeadInvoices';
import { OwnerSiteSection } from '../onsite/OwnerSiteSection';
import { JobMoney } from '../payments/JobMoney';
import { LeadQuotes } from '../quotes/LeadQuotes';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';
import { Badge } from '../shell/parts';
import { AssignSection } from './AssignFields';
import { ageText } from './age';
import type { Assignment } from './assignment';
import { ContactButtons } from './ContactButtons';
import { EarlierJobs, RETURNING_CUSTOMER } from './EarlierJobs';
import type { FormError } from './form-error';
import { LeadDetails } from './LeadDetails';
import { LeadMessages } from './LeadMessages';
import { LeadTimeline } from './LeadTimeline';
import { NoteForm } from './NoteForm';
import { type LeadNotice, leadNotice } from './notices';
import { deleteLeadPath, jobPath, leadPath } from './paths';
import { StatusForms } from './StatusForms';
import { STATUS_TONE } from './status-badge';

/** The booking's line at the top: the visit, one the customer asked to move, or one they cancelled. */
const BOOKING_LINE: Partial<Record<JobStatus, string>> = {
  booked: 'Booked',
  rebook: 'The customer asked to move',
  cancelled: 'The customer cancelled',
};

interface LeadPageProps {
  view: LeadView;
  events: readonly LeadEvent[];
  csrf: string;
  now: number;
  /** The UK date today: the booking form's earliest day. */
  today: string;
  notice?: LeadNotice;
  formError?: FormError;
  /** Who goes to the job, and who could (issue 37). */
  assignment?: Assignment;
  /** The same customer's earlier leads (`earlierJobsOf`), newest first, and whether there are more. */
  earlier: { jobs: readonly EarlierJob[]; more: boolean };
  /** Whether the signed-in person sees what jobs were worth (`seesMoney`). */
  showValues: boolean;
  /** Whether the signed-in person may delete the lead (the owner's, `mayOpen`): nobody is offered a 403. */
  mayDelete: boolean;
  /** The lead's quotes, newest first (issue 48). */
  quotes: readonly Pick<Quote, 'id' | 'number' | 'version' | 'state'>[];
  /** What the engineer sent from site (issue 50). */
  site: SiteRecord;
  /** The accepted quote, whose total is the job's value (issue 48). */
  acceptedQuote?: AcceptedQuote;
  /** The job's invoices, newest first (issue 49); only for those who see money. */
  invoices: Awaited<ReturnType<typeof invoicesOfLead>>;
  /** The job's quoted, invoiced, paid and owed figures (for those who see money). */
  money?: JobMoneyFigures;
}

/**
 * What the job is worth: the accepted quote's total where the job has one (from its acceptance,
 * before and after it is done), else the value the owner gave when it was done.
 */
function JobValue({ lead, acceptedQuote }: { lead: Lead; acceptedQuote?: AcceptedQuote }) {
  const done = lead.jobStatus === 'done';
  if (acceptedQuote) {
    const value = `Job value ${formatPenceBrief(acceptedQuote.grossPence)}, the accepted quote ${acceptedQuote.number}`;
    return <p className="lead-booking">{done ? `Done. ${value}` : value}</p>;
  }
  if (!done || lead.jobValuePence === null) return null;
  return <p className="lead-booking">{`Done. Job value ${formatPenceBrief(lead.jobValuePence)}`}</p>;
}

/**
 * One lead, for a phone first: who and how to reach them at the top, the message and photos, its
 * status with the next steps and the timeline, notes. Printed, it is the job sheet (print CSS
 * hides the menus, buttons and forms).
 */
export function LeadPage({
  view,
  events,
  csrf,
  now,
  today,
  notice,
  formError,
  earlier,
  showValues,
  mayDelete,
  assignment,
  quotes,
  site,
  acceptedQuote,
  invoices,
  money,
}: LeadPageProps) {
  const { lead, messages, photos } = view;
  const content = useContext(ContentContext);
  const mailOn = useMailOn();
  const [tone, text] = notice ? leadNotice(notice, mailOn) : [];
  const booking =
    lead.bookedDay && lead.bookedFrom && lead.bookedTo ? { day: lead.bookedDay, from: lead.bookedFrom, to: lead.bookedTo } : null;
  const notes = events.filter((event) => event.kind === 'note');
  return (
    <article className="admin-panel lead-page">
      <p className="lead-page__back">
        <a href="/admin/leads">← Leads</a>
      </p>
      <h1 className="admin-title lead-page__name">{lead.name}</h1>
      <p className="admin-item__meta">
        <Badge tone={STATUS_TONE[lead.jobStatus]}>{JOB_STATUS_LABELS[lead.jobStatus]}</Badge>
        {lead.bestTime === 'asap' && <Badge tone="red">As soon as possible</Badge>}
        {lead.areaCheck === 'outside' && <Badge tone="amber">Outside our areas</Badge>}
        {earlier.jobs.length > 0 && <Badge tone="blue">{RETURNING_CUSTOMER}</Badge>}
        <span>{lead.kind === 'quote' ? 'Quote request' : 'Contact message'}</span>
        <span>{`Ref. ${leadReference(lead.id)}`}</span>
        <span title={formatLondon(lead.createdAt)}>{ageText(lead.createdAt, now)}</span>
      </p>
      {tone && <Notice tone={tone}>{text}</Notice>}
      <ContactButtons lead={lead} businessName={content?.site.shortName ?? ''} csrf={csrf} />
      {booking && BOOKING_LINE[lead.jobStatus] && (
        <p
          className={`lead-booking lead-booking--${lead.jobStatus}`}
        >{`${BOOKING_LINE[lead.jobStatus]}: ${bookingWords(booking)}`}</p>
      )}
      {booking && BOOKING_LINE[lead.jobStatus] && (
        <p className="lead-page__sheet">
          <a className={buttonClass('outline', 'sm')} href={jobPath(lead.id)}>
            Open the job sheet
          </a>
        </p>
      )}
      {booking && assignment && (lead.jobStatus === 'booked' || lead.jobStatus === 'done') && (
        <AssignSection lead={lead} assignment={assignment} csrf={csrf} error={formError} />
      )}
      {showValues && <JobValue lead={lead} acceptedQuote={acceptedQuote} />}
      {lead.jobStatus === 'lost' && lead.lostReason && (
        <p className="lead-booking">{`Lost: ${LOST_REASON_LABELS[lead.lostReason]}`}</p>
      )}
      <LeadDetails lead={lead} photos={photos} csrf={csrf} />
      <EarlierJobs jobs={earlier.jobs} more={earlier.more} showValues={showValues} />
      <LeadQuotes leadId={lead.id} quotes={quotes} />
      <OwnerSiteSection leadId={lead.id} record={site} csrf={csrf} />
      {showValues && <LeadInvoices leadId={lead.id} done={lead.jobStatus === 'done'} invoices={invoices} />}
      {showValues && money && <JobMoney money={money} />}
      <section className="lead-page__section no-print" aria-labelledby="status-heading">
        <h2 className="lead-page__heading" id="status-heading">
          Status
        </h2>
        <StatusForms
          lead={lead}
          csrf={csrf}
          error={formError?.target === 'note' || formError?.target === 'assign' ? undefined : formError}
          today={today}
          assignment={assignment}
          acceptedQuote={acceptedQuote}
        />
      </section>
      <section className="lead-page__section" aria-labelledby="timeline-heading">
        <h2 className="lead-page__heading" id="timeline-heading">
          Timeline
        </h2>
        <LeadTimeline lead={lead} events={events} />
        <div className="no-print lead-note">
          <NoteForm lead={lead} csrf={csrf} error={formError?.target === 'note' ? formError : undefined} />
        </div>
        {notes.length === 0 && <p className="print-only">No notes.</p>}
      </section>
      <section className="lead-page__section no-print" aria-labelledby="emails-heading">
        <h2 className="lead-page__heading" id="emails-heading">
          E-mails
        </h2>
        <LeadMessages messages={messages} csrf={csrf} back={leadPath(lead.id)} resend now={now} />
      </section>
      {mayDelete && (
        <p className="no-print">
          <a className={buttonClass('ghost', 'sm', 'admin-danger-link')} href={deleteLeadPath(lead.id)}>
            Delete this lead…
          </a>
        </p>
      )}
    </article>
  );
}
