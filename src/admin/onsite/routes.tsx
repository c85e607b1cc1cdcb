import type { Context } from 'hono';
import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { insertSiteEvent, tapsMade, undoSiteTap } from '../../db/site-taps';
import {
  checklistFor,
  chooseReportMedia,
  finishMarksDone,
  type ItemBase,
  insertSiteAnswer,
  insertSiteNote,
} from '../../db/site-work';
import { afterResponse } from '../../http/execution';
import { markDoneFromSite } from '../../jobs/change-status';
import { deliverQueuedNow } from '../../jobs/deliver-now';
import { firstName } from '../../jobs/email-parts';
import { mailerConfig } from '../../outbox/mailer';
import { questionsFromJson } from '../../rules/checklist';
import { readAnswer, readItemKey, readNote, takenAt } from '../../rules/site-items';
import { judgeTap, NOTHING_TO_UNDO, stageOf, stepOf, TAP_KINDS, TOO_LATE_TO_UNDO } from '../../rules/site-taps';
import { declareAccess } from '../auth/access';
import { LEAD_ID_PATTERN } from '../leads/paths';
import type { AdminEnv } from '../shell/render';
import { answerRefused, answerStored, jobToAddTo, type Refusal } from './answers';
import { registerUploadRoutes, SITE_UPLOAD_PATHS } from './upload-routes';

/**
 * The engineer on site (issue 50): what the job page's forms post. The contract with the phone's
 * offline queue, which replays these same forms when the signal returns:
 *
 * - Each item is a plain HTML form on the engineer's job page (`data-site-item`), POSTed under
 *   /admin/leads/:id/site/: on-my-way, arrived, finished, notes, checklist, media (multipart:
 *   `file`, a photo or a short video, `stage` before|after) and signature (multipart: a PNG
 *   `signature` and `typed_name`, or `not_present=yes`). Each carries a hidden `item_key`, a UUID
 *   the page writes at render; the queue may put its own UUID per queued item, and `taken_at`, when
 *   the engineer made it (believed within the last week), so an item sent later keeps its time.
 * - Idempotent: an item_key is stored once; the same item again answers as a success, stores
 *   nothing and sends no second e-mail ("on my way" e-mails the customer once per job however
 *   often it is tapped).
 * - The taps go in order (issue 57, `judgeTap`): a tap already made, under any key, stores nothing
 *   and answers as a success; one out of order is refused (409, in words). `undo` (field `tap`:
 *   the kind) takes back the latest tap within a minute of it (by its `taken_at`): JSON
 *   `{ "undone": true | false }` (false: it was undone already), 409 when too late or not the latest.
 * - With `Accept: application/json`: 200 `{ "stored": true }` or `{ "stored": false, "duplicate": true }`;
 *   4xx `{ "message": "<a sentence>" }` (413 past a size limit; 409 when the job is no longer this
 *   engineer's: MOVED_MESSAGE). Without it: 303 back to the job page, or the usual 4xx page.
 *
 * Who may add: the owner and office, and the engineer the job is given to (`jobToAddTo`). Items
 * are only ever added, never edited, so they carry their key rather than the lead's version.
 */
export const siteRoutes = new Hono<AdminEnv>();

const SITE = `/admin/leads/:id{${LEAD_ID_PATTERN}}/site`;
const EVENT_PATHS = { 'on-my-way': `${SITE}/on-my-way`, arrived: `${SITE}/arrived`, finished: `${SITE}/finished` } as const;
const UNDO_PATH = `${SITE}/undo`;
const NOTES_PATH = `${SITE}/notes`;
const CHECKLIST_PATH = `${SITE}/checklist`;

type Added = { ok: true; base: ItemBase; lead: Awaited<ReturnType<typeof jobToAddTo>> & { ok: true } };

/** The job and the item's key, or the refusal to answer with. */
async function readItem(c: Context<AdminEnv>, body: Record<string, unknown>): Promise<Added | Refusal> {
  const id = c.req.param('id') ?? '';
  const job = await jobToAddTo(d1Database(c.env), id, c.var.person);
  if (!job.ok) return job;
  const key = readItemKey(body);
  if (!key.ok) return { ok: false, status: key.status, message: key.message };
  return {
    ok: true,
    lead: job,
    base: { itemKey: key.value, leadId: id, personId: c.var.person.id, createdAt: takenAt(body, Date.now()) },
  };
}

for (const kind of TAP_KINDS) {
  siteRoutes.post(EVENT_PATHS[kind], async (c) => {
    const item = await readItem(c, await c.req.parseBody());
    if (!item.ok) return answerRefused(c, item);
    const db = d1Database(c.env);
    const { base } = item;
    const { lead } = item.lead;
    const status = mailerConfig(c.env) ? ('pending' as const) : ('skipped' as const);
    const mail =
      kind === 'on-my-way'
        ? { kind, about: firstName(c.var.person.name), status }
        : kind === 'finished'
          ? { kind: 'report' as const, about: '', status }
          : undefined;
    const stored = await insertSiteEvent(db, { ...base, kind }, mail);
    if (!stored) {
      // Not stored: the same item again, a tap already made (both a success), or out of order.
      const { made, seen } = await tapsMade(db, lead.id, base.itemKey);
      const verdict = judgeTap(made, kind);
      if (!seen && verdict.kind === 'refused') return answerRefused(c, { ok: false, status: 409, message: verdict.message });
    }
    if (stored && kind === 'finished' && (await finishMarksDone(db))) {
      await markDoneFromSite(c.env, lead, c.var.person.name, base.createdAt);
    }
    if (stored && mail) afterResponse(c, deliverQueuedNow(c.env, lead.id, base.createdAt));
    return answerStored(c, lead.id, stored);
  });
}

siteRoutes.post(UNDO_PATH, async (c) => {
  const body = await c.req.parseBody();
  const item = await readItem(c, body);
  if (!item.ok) return answerRefused(c, item);
  const kind = TAP_KINDS.find((one) => one === body.tap);
  if (!kind) return answerRefused(c, { ok: false, status: 422, message: 'Say which tap to undo.' });
  const db = d1Database(c.env);
  const { leadId, createdAt } = item.base;
  if (await undoSiteTap(db, leadId, kind, createdAt)) return answerStored(c, leadId, true, 'undone');
  const { made } = await tapsMade(db, leadId, item.base.itemKey);
  // Undone already (the same undo sent twice): nothing more to do.
  if (!made.includes(kind)) return answerStored(c, leadId, false, 'undone');
  const message = stageOf(made) > stepOf(kind) ? NOTHING_TO_UNDO : TOO_LATE_TO_UNDO;
  return answerRefused(c, { ok: false, status: 409, message });
});

siteRoutes.post(NOTES_PATH, async (c) => {
  const body = await c.req.parseBody();
  const item = await readItem(c, body);
  if (!item.ok) return answerRefused(c, item);
  const note = readNote(body);
  if (!note.ok) return answerRefused(c, note);
  return answerStored(c, item.base.leadId, await insertSiteNote(d1Database(c.env), { ...item.base, ...note.value }));
});

siteRoutes.post(CHECKLIST_PATH, async (c) => {
  const body = await c.req.parseBody();
  const item = await readItem(c, body);
  if (!item.ok) return answerRefused(c, item);
  const db = d1Database(c.env);
  const template = await checklistFor(db, item.lead.lead.service);
  const question = questionsFromJson(template?.questions ?? '[]').find((one) => one.id === body.question);
  if (!question) return answerRefused(c, { ok: false, status: 422, message: 'That question is no longer on the checklist.' });
  const answer = readAnswer(body, question);
  if (!answer.ok) return answerRefused(c, answer);
  const stored = await insertSiteAnswer(db, {
    ...item.base,
    questionId: question.id,
    question: question.text,
    answer: answer.value,
    forCustomer: question.forCustomer,
  });
  return answerStored(c, item.base.leadId, stored);
});

registerUploadRoutes(siteRoutes, SITE, readItem);

const REPORT_PHOTOS_PATH = `${SITE}/report-photos`;

/**
 * The owner's (or office's) choice of the photos the customer's report shows. Only the photos the
 * form listed change: one sent from site after the form was read keeps its default.
 */
siteRoutes.post(REPORT_PHOTOS_PATH, async (c) => {
  const id = c.req.param('id') ?? '';
  const body = await c.req.parseBody({ all: true });
  const keys = (name: string) =>
    [body[name]]
      .flat()
      .filter((value): value is string => typeof value === 'string')
      .slice(0, 500);
  const db = d1Database(c.env);
  const job = await jobToAddTo(db, id, c.var.person);
  if (!job.ok) return answerRefused(c, job);
  await chooseReportMedia(db, id, keys('shown'), keys('chosen'));
  return c.redirect(`/admin/leads/${id}#on-site`, 303);
});

/** Engineers add to their own jobs (each handler checks whose job it is); the owner and office to any. */
declareAccess(siteRoutes, {
  who: 'engineer',
  except: { [REPORT_PHOTOS_PATH]: 'staff' },
  uploads: SITE_UPLOAD_PATHS(SITE),
});
