import type { Context } from 'hono';
import { useContext } from 'react';
import { buttonClass } from '../../components/button';
import { findLeadView, type LeadView } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { invoicesOfLead } from '../../db/invoices';
import { type JobMoney as JobMoneyFigures, jobMoney } from '../../db/job-money';
import { timelineOf } from '../../db/lead-jobs';
import { type AcceptedQuote, acceptedQuoteOfLead, quotesOfLead } from '../../db/quote-reads';
import { type EarlierJob, earlierJobsOf } from '../../db/returning';
import type { Lead, LeadEvent, Quote } from '../../db/schema';
import { type SiteRecord, siteRecordOf } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { areaNote, bestTimeOf, leadReference } from '../../leads/lead-summary';
import { bookingWords, JOB_STATUS_LABELS, type JobStatus, LOST_REASON_LABELS, poundsText } from '../../rules/job-status';
import { formatLondon, londonDay } from '../../rules/uk-time';
import { ContentContext } from '../../site-content/context';
import { serviceIn } from '../../site-content/view';
import { mayOpen } from '../auth/access';
import { seesMoney } from '../auth/roles';
import { LeadInvoices } from '../invoices/LeadInvoices';
import { OwnerSiteSection } from '../onsite/OwnerSiteSection';
import { JobMoney } from '../payments/JobMoney';
import { LeadQuotes } from '../quotes/LeadQuotes';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';
import { Badge } from '../shell/parts';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { AssignSection } from './AssignFields';
import { ageText } from './age';
import { type Assignment, assignmentOf } from './assignment';
import { ContactButtons } from './ContactButtons';
import { cameFrom, WALK_IN_WORDS } from './came-from';
import { DetailRow } from './DetailRow';
import { EarlierJobs, RETURNING_CUSTOMER } from './EarlierJobs';
import type { FormError } from './form-error';
import { LeadMessages } from './LeadMessages';
import { LeadPhotos } from './LeadPhotos';
import { LeadTimeline } from './LeadTimeline';
import { NoteForm } from './NoteForm';
import { type LeadNotice, leadNotice } from './notices';
import { deleteLeadPath, leadPath } from './paths';
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
    const value = `Job value ${poundsText(acceptedQuote.grossPence)}, the accepted quote ${acceptedQuote.number}`;
    return <p className="lead-booking">{done ? `Done. ${value}` : value}</p>;
  }
  if (!done || lead.jobValuePence === null) return null;
  return <p className="lead-booking">{`Done. Job value ${poundsText(lead.jobValuePence)}`}</p>;
}

/**
 * One lead, for a phone first: who and how to reach them at the top, the message and photos, its
 * status with the next steps and the timeline, notes. Printed, it is the job sheet (print CSS
 * hides the menus, buttons and forms).
 */
function LeadPage({
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
  const service = lead.service ? ((content && serviceIn(content, lead.service)?.title) ?? lead.service) : '';
  const area = areaNote(lead);
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
      {booking && assignment && (lead.jobStatus === 'booked' || lead.jobStatus === 'done') && (
        <AssignSection lead={lead} assignment={assignment} csrf={csrf} error={formError} />
      )}
      {showValues && <JobValue lead={lead} acceptedQuote={acceptedQuote} />}
      {lead.jobStatus === 'lost' && lead.lostReason && (
        <p className="lead-booking">{`Lost: ${LOST_REASON_LABELS[lead.lostReason]}`}</p>
      )}
      <h2 className="lead-page__heading">{lead.kind === 'quote' ? 'Details' : 'Message'}</h2>
      <p className="admin-lead__message">{lead.message || 'None given.'}</p>
      <LeadPhotos leadId={lead.id} photos={photos} csrf={csrf} />
      <dl className="admin-lead__details">
        <dt>Phone</dt>
        <dd>{lead.phone || 'Not given'}</dd>
        <dt>E-mail</dt>
        <dd>{lead.email}</dd>
        <DetailRow term="Address">{lead.address}</DetailRow>
        <DetailRow term="Area">{area}</DetailRow>
        <DetailRow term="Service">{service}</DetailRow>
        <dt>Best time</dt>
        <dd>{bestTimeOf(lead)}</dd>
        <dt>Received</dt>
        <dd>{formatLondon(lead.createdAt)}</dd>
        <DetailRow term="Came from">{lead.walkIn ? WALK_IN_WORDS : lead.source && cameFrom(lead)}</DetailRow>
      </dl>
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

/**
 * The office's page of one lead (an engineer's is their job page, EngineerJobPage), with a notice
 * or a form sent back with its message (and that status code).
 */
export async function renderLeadPage(
  c: Context<AdminEnv>,
  id: string,
  options: { notice?: LeadNotice; formError?: FormError; status?: number } = {},
) {
  const db = d1Database(c.env);
  const [view, events, earlier, quotes, site, acceptedQuote, invoices, money] = await Promise.all([
    findLeadView(db, id),
    timelineOf(db, id),
    earlierJobsOf(db, id),
    quotesOfLead(db, id),
    siteRecordOf(db, id),
    acceptedQuoteOfLead(db, id),
    seesMoney(c.var.person.role) ? invoicesOfLead(db, id) : [],
    seesMoney(c.var.person.role) ? jobMoney(db, id) : undefined,
  ]);
  if (!view) return errorResponse(asAppContext(c), 404);
  const now = Date.now();
  const assignment = await assignmentOf(db, view.lead);
  return renderAdmin(
    <LeadPage
      view={view}
      events={events}
      csrf={c.get('session').csrf}
      now={now}
      today={londonDay(now)}
      notice={options.notice}
      formError={options.formError}
      assignment={assignment}
      earlier={earlier}
      showValues={seesMoney(c.var.person.role)}
      mayDelete={mayOpen(c.var.person.role, deleteLeadPath(id))}
      quotes={quotes}
      site={site}
      acceptedQuote={acceptedQuote}
      invoices={invoices}
      money={money}
    />,
    signedIn(c, view.lead.name, 'leads'),
    options.status ?? 200,
  );
}
