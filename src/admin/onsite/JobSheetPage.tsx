import type { Context } from 'hono';
import SiteQueue from '../../../client/admin/islands/SiteQueue';
import SiteTaps from '../../../client/admin/islands/SiteTaps';
import { Island } from '../../components/Island';
import { acceptedWorkOfLead } from '../../db/accepted-work';
import { assigneeOf, defaultOwnerId, peopleNames } from '../../db/assignment';
import { d1Database } from '../../db/client';
import { photosForLeads } from '../../db/lead-photos';
import { findLead } from '../../db/leads';
import type { Lead } from '../../db/schema';
import { checklistFor, siteRecordOf } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { questionsFromJson } from '../../rules/checklist';
import { bookingWords } from '../../rules/job-status';
import { TAP_KINDS } from '../../rules/site-taps';
import { serviceIn } from '../../site-content/view';
import type { SignedInPerson } from '../auth/session';
import { ENGINEER_LINE } from '../leads/engineer-access';
import { LeadPhotos } from '../leads/LeadPhotos';
import { leadPath } from '../leads/paths';
import { SCHEDULE_PATH } from '../schedule/paths';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { Doorstep } from './Doorstep';
import { SiteSection, siteBase } from './SiteForms';

/**
 * The job sheet (issue 57), at the job's own address (/admin/jobs/<id>), for whoever the job is
 * given to: the owner (a one-van firm's every job), the office or an engineer. First the doorstep
 * view (Doorstep), then the taps (SiteTaps), the notes, the checklist, photos and the signature
 * (SiteSection), the phone's queue counting what waits to send (SiteQueue). The owner and the
 * office open any job's sheet; an engineer only a job given to them and on their schedule, and is
 * told so in words otherwise. Never the customer's e-mail, the office's notes, the timeline or money.
 */

type Sheet = { ok: true; lead: Lead; assignee: number | null } | { ok: false; page: 'missing' | 'not-booked' | 'not-yours' };

/** The job when this person may open its sheet, or why not. */
async function sheetFor(c: Context<AdminEnv>, id: string, person: Pick<SignedInPerson, 'id' | 'role'>): Promise<Sheet> {
  const db = d1Database(c.env);
  const [lead, ownerId] = await Promise.all([findLead(db, id), defaultOwnerId(db)]);
  if (!lead) return { ok: false, page: 'missing' };
  const assignee = assigneeOf(lead, ownerId);
  const booked = Boolean(ENGINEER_LINE[lead.jobStatus] && lead.bookedDay && lead.bookedFrom && lead.bookedTo);
  if (person.role === 'engineer' && (!booked || assignee !== person.id)) return { ok: false, page: 'not-yours' };
  if (!booked) return { ok: false, page: 'not-booked' };
  return { ok: true, lead, assignee };
}

function NotYours() {
  return (
    <MessagePage heading="Not your job">
      <p>
        This job is not on your schedule: it is given to someone else, or no longer booked. Ask the office if you think it should
        be yours.
      </p>
      <p>
        <a href={SCHEDULE_PATH}>Your schedule</a>
      </p>
    </MessagePage>
  );
}

export async function renderJobSheet(c: Context<AdminEnv>, id: string) {
  const person = c.var.person;
  const sheet = await sheetFor(c, id, person);
  if (!sheet.ok) {
    if (sheet.page === 'missing') return errorResponse(asAppContext(c), 404);
    if (sheet.page === 'not-booked') return c.redirect(leadPath(id), 303);
    return renderAdmin(<NotYours />, signedIn(c, 'Not your job', 'schedule'), 403);
  }
  const { lead, assignee } = sheet;
  const db = d1Database(c.env);
  const [photos, record, checklist, work, names] = await Promise.all([
    photosForLeads(db, [id]),
    siteRecordOf(db, id),
    checklistFor(db, lead.service),
    acceptedWorkOfLead(db, id),
    person.role === 'engineer' ? null : peopleNames(db),
  ]);
  const content = c.var.content;
  const service = lead.service ? (serviceIn(content, lead.service)?.title ?? lead.service) : '';
  const who = assignee === person.id ? 'you' : (names?.get(assignee ?? -1) ?? 'nobody yet');
  const booking = `${ENGINEER_LINE[lead.jobStatus]}: ${bookingWords({ day: lead.bookedDay!, from: lead.bookedFrom!, to: lead.bookedTo! })}. Given to ${who}.`;
  const csrf = c.get('session').csrf;
  const now = Date.now();
  const taps = TAP_KINDS.flatMap((kind) => {
    const event = record.events.find((one) => one.kind === kind);
    return event ? [{ kind, at: event.createdAt }] : [];
  });
  const keys = {
    'on-my-way': crypto.randomUUID(),
    arrived: crypto.randomUUID(),
    finished: crypto.randomUUID(),
    undo: crypto.randomUUID(),
  };
  const notice = c.req.query('undone') === '1' ? 'undone' : c.req.query('saved') === '1' ? 'saved' : null;
  return renderAdmin(
    <article className="admin-panel lead-page job-sheet">
      <p className="lead-page__back">
        {person.role === 'engineer' ? <a href={SCHEDULE_PATH}>← Your schedule</a> : <a href={leadPath(id)}>← The lead</a>}
      </p>
      <h1 className="admin-title lead-page__name">{lead.name}</h1>
      {/* Items made without signal wait on the phone; its bar says how many, and sends them. */}
      <Island name="SiteQueue" component={SiteQueue} props={{}} />
      <Doorstep lead={lead} service={service} booking={booking} work={work} />
      {photos.length > 0 && <h2 className="lead-page__heading">Photos from the customer</h2>}
      <LeadPhotos leadId={lead.id} photos={photos} csrf={csrf} />
      <SiteSection
        leadId={lead.id}
        csrf={csrf}
        record={record}
        questions={questionsFromJson(checklist?.questions ?? '[]')}
        saved={notice}
        taps={<Island name="SiteTaps" component={SiteTaps} props={{ base: siteBase(id), csrf, taps, now, keys }} />}
      />
    </article>,
    signedIn(c, lead.name, person.role === 'engineer' ? 'schedule' : 'leads'),
  );
}
