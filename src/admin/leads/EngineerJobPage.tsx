import type { Context } from 'hono';
import { d1Database } from '../../db/client';
import { photosForLeads } from '../../db/lead-photos';
import type { Lead, LeadPhoto } from '../../db/schema';
import { checklistFor, type SiteRecord, siteRecordOf } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { areaNote } from '../../leads/lead-summary';
import { questionsFromJson } from '../../rules/checklist';
import { bookingWords } from '../../rules/job-status';
import { e164 } from '../../rules/phone';
import type { ChecklistQuestion } from '../../rules/site-items';
import type { ContentView } from '../../site-content/view';
import { serviceIn } from '../../site-content/view';
import { EngineerSiteSection } from '../onsite/SiteForms';
import { SCHEDULE_PATH } from '../schedule/paths';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { DetailRow } from './DetailRow';
import { ENGINEER_LINE, engineersJob } from './engineer-access';
import { LeadPhotos } from './LeadPhotos';

/**
 * A job as an engineer sees it (issue 37), at the lead's own address (the route shows the office
 * its lead page there instead): only a job given to them, and only what the visit needs: who,
 * where, the phone, the service, the window and what the customer wrote. Never the customer's
 * e-mail, the notes, the timeline, the e-mails or the money; any other lead is a 404, as if it
 * did not exist. Below it, the engineer's day on site (EngineerSiteSection).
 */

function EngineerJobPage({
  lead,
  content,
  photos,
  csrf,
  site,
}: {
  lead: Lead;
  content: ContentView | null;
  photos: readonly LeadPhoto[];
  csrf: string;
  /** What was sent from site, the service's checklist, and whether an item was just saved. */
  site: { record: SiteRecord; questions: readonly ChecklistQuestion[]; saved: boolean };
}) {
  const service = lead.service ? ((content && serviceIn(content, lead.service)?.title) ?? lead.service) : '';
  const number = lead.phone ? e164(lead.phone) : '';
  return (
    <article className="admin-panel lead-page">
      <p className="lead-page__back">
        <a href={SCHEDULE_PATH}>← Your schedule</a>
      </p>
      <h1 className="admin-title lead-page__name">{lead.name}</h1>
      <p className="lead-booking">
        {`${ENGINEER_LINE[lead.jobStatus]}: ${bookingWords({ day: lead.bookedDay!, from: lead.bookedFrom!, to: lead.bookedTo! })}`}
      </p>
      {number && (
        <nav className="lead-contact" aria-label="Contact the customer">
          <a className="lead-contact__button lead-contact__button--call" href={`tel:${number}`}>
            <span className="lead-contact__verb">Call</span>
            <span className="lead-contact__detail">{lead.phone}</span>
          </a>
        </nav>
      )}
      <dl className="admin-lead__details">
        <DetailRow term="Address">{lead.address}</DetailRow>
        <DetailRow term="Area">{areaNote(lead)}</DetailRow>
        <DetailRow term="Service">{service}</DetailRow>
        <dt>Phone</dt>
        <dd>{lead.phone || 'Not given'}</dd>
      </dl>
      <h2 className="lead-page__heading">{lead.kind === 'quote' ? 'Details' : 'Message'}</h2>
      <p className="admin-lead__message">{lead.message || 'None given.'}</p>
      {photos.length > 0 && <h2 className="lead-page__heading">Photos from the customer</h2>}
      <LeadPhotos leadId={lead.id} photos={photos} csrf={csrf} />
      <EngineerSiteSection leadId={lead.id} csrf={csrf} {...site} />
    </article>
  );
}

/** An engineer's view of a lead: theirs and booked (or done), or a 404. */
export async function renderEngineerJob(c: Context<AdminEnv>, id: string) {
  const db = d1Database(c.env);
  const lead = await engineersJob(db, id, c.var.person.id);
  if (!lead) return errorResponse(asAppContext(c), 404);
  const [photos, record, checklist] = await Promise.all([
    photosForLeads(db, [id]),
    siteRecordOf(db, id),
    checklistFor(db, lead.service),
  ]);
  const site = { record, questions: questionsFromJson(checklist?.questions ?? '[]'), saved: c.req.query('saved') === '1' };
  return renderAdmin(
    <EngineerJobPage lead={lead} content={c.var.content} photos={photos} csrf={c.get('session').csrf} site={site} />,
    signedIn(c, lead.name, 'schedule'),
  );
}
