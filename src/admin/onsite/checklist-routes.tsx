import type { Context } from 'hono';
import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { allChecklists, checklistFor, finishMarksDone, saveChecklist, saveFinishMarksDone } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { CHECKLIST_LIMITS, emptyRow, questionsFromJson, readChecklistRows, rowsOf } from '../../rules/checklist';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { ChecklistEditorPage, checklistPath, type EditorState } from './ChecklistEditorPage';
import { ChecklistsPage, ON_SITE_PATH } from './ChecklistsPage';
import { actionOf, rearranged, rowsFromBody } from './checklist-form';

/** The owner's on-site settings page, its "Finished" form, and each service's checklist editor (ChecklistEditorPage). */
export const checklistRoutes = new Hono<AdminEnv>();

const NOTICES: Record<string, string> = { finish: 'Saved.' };
const SLUG = ':slug{[a-z0-9-]{1,80}}';

const STALE_MESSAGE =
  'Someone else saved this checklist after you opened the page, so yours was not saved. What you typed is below: open the checklist again to see theirs.';

const BROKEN_FORM =
  'This form came without what the checklist page puts in it. Open the checklist again and make the change there.';

checklistRoutes.get(ON_SITE_PATH, async (c) => {
  const db = d1Database(c.env);
  const [stored, marksDone] = await Promise.all([allChecklists(db), finishMarksDone(db)]);
  const bySlug = new Map(stored.map((row) => [row.service, questionsFromJson(row.questions).length]));
  const services = c.var.content.services.map((service) => ({
    slug: service.slug,
    title: service.title,
    questions: bySlug.get(service.slug) ?? 0,
  }));
  return renderAdmin(
    <ChecklistsPage
      services={services}
      finishMarksDone={marksDone}
      csrf={c.get('session').csrf}
      notice={NOTICES[c.req.query('saved') ?? '']}
    />,
    signedIn(c, 'On site', 'site'),
  );
});

checklistRoutes.post(`${ON_SITE_PATH}/finish`, async (c) => {
  const body = await c.req.parseBody();
  await saveFinishMarksDone(d1Database(c.env), body.finish_marks_done === 'yes', Date.now());
  await audit(c, 'on-site-setting');
  return c.redirect(`${ON_SITE_PATH}?saved=finish`, 303);
});

const serviceOf = (c: Context<AdminEnv>) => c.var.content.services.find((service) => service.slug === c.req.param('slug'));

function renderEditor(c: Context<AdminEnv>, service: { slug: string; title: string }, state: EditorState, status = 200) {
  return renderAdmin(
    <ChecklistEditorPage
      slug={service.slug}
      title={service.title}
      state={state}
      csrf={c.get('session').csrf}
      saved={c.req.method === 'GET' && c.req.query('saved') === '1'}
    />,
    signedIn(c, `${service.title} checklist`, 'site'),
    status,
  );
}

checklistRoutes.get(`${ON_SITE_PATH}/checklists/${SLUG}`, async (c) => {
  const service = serviceOf(c);
  if (!service) return errorResponse(asAppContext(c), 404);
  const stored = await checklistFor(d1Database(c.env), service.slug);
  const rows = rowsOf(questionsFromJson(stored?.questions ?? '[]'));
  // One empty row at the end to write the next question in, until the limit.
  const shown = rows.length < CHECKLIST_LIMITS.questions ? [...rows, emptyRow()] : rows;
  return renderEditor(c, service, { rows: shown, version: stored?.version ?? 0 });
});

/** Save, or (without writing) add a row, remove one or move one: the contract is in checklist-form.ts. */
checklistRoutes.post(`${ON_SITE_PATH}/checklists/${SLUG}`, async (c) => {
  const service = serviceOf(c);
  if (!service) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const version = typeof body.version === 'string' && /^\d{1,9}$/.test(body.version) ? Number(body.version) : -1;
  const action = actionOf(body);
  const rows = rowsFromBody(body);
  if (version < 0 || action.kind === 'unknown' || !rows) return errorResponse(asAppContext(c), 400, BROKEN_FORM);
  if (action.kind !== 'save') {
    const next = rearranged(rows, action);
    if (next) return renderEditor(c, service, { rows: next, version });
    const message = `A checklist can have at most ${CHECKLIST_LIMITS.questions} questions.`;
    return renderEditor(c, service, { rows, version, message }, 422);
  }
  const read = readChecklistRows(rows);
  if (!read.ok) return renderEditor(c, service, { rows, version, message: read.message, problems: read.problems }, 422);
  const saved = await saveChecklist(d1Database(c.env), service.slug, JSON.stringify(read.questions), version, Date.now());
  if (!saved) return renderEditor(c, service, { rows, version, message: STALE_MESSAGE }, 409);
  await audit(c, 'checklist-saved', 'service', service.slug);
  return c.redirect(`${checklistPath(service.slug)}?saved=1`, 303);
});

declareAccess(checklistRoutes, { who: 'owner' });
