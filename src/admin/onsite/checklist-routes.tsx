import type { Context } from 'hono';
import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { allChecklists, finishMarksDone, saveChecklist, saveFinishMarksDone } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { parseChecklist } from '../../rules/checklist';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { type ChecklistRow, ChecklistsPage, ON_SITE_PATH } from './ChecklistsPage';

/** The owner's on-site settings page and its two forms (ChecklistsPage). */
export const checklistRoutes = new Hono<AdminEnv>();

const NOTICES: Record<string, string> = { finish: 'Saved.', checklist: 'Checklist saved.' };

async function renderPage(
  c: Context<AdminEnv>,
  options: { error?: { slug: string; source: string; message: string }; status?: number } = {},
) {
  const db = d1Database(c.env);
  const [stored, marksDone] = await Promise.all([allChecklists(db), finishMarksDone(db)]);
  const bySlug = new Map(stored.map((row) => [row.service, row]));
  const services: ChecklistRow[] = c.var.content.services.map((service) => ({
    slug: service.slug,
    title: service.title,
    questions: bySlug.get(service.slug)?.questions ?? '[]',
    version: bySlug.get(service.slug)?.version ?? 0,
  }));
  return renderAdmin(
    <ChecklistsPage
      services={services}
      finishMarksDone={marksDone}
      csrf={c.get('session').csrf}
      notice={NOTICES[c.req.query('saved') ?? '']}
      error={options.error}
    />,
    signedIn(c, 'On site', 'site'),
    options.status ?? 200,
  );
}

checklistRoutes.get(ON_SITE_PATH, (c) => renderPage(c));

checklistRoutes.post(`${ON_SITE_PATH}/finish`, async (c) => {
  const body = await c.req.parseBody();
  await saveFinishMarksDone(d1Database(c.env), body.finish_marks_done === 'yes', Date.now());
  await audit(c, 'on-site-setting');
  return c.redirect(`${ON_SITE_PATH}?saved=finish`, 303);
});

checklistRoutes.post(`${ON_SITE_PATH}/checklists/:slug{[a-z0-9-]{1,80}}`, async (c) => {
  const slug = c.req.param('slug');
  if (!c.var.content.services.some((service) => service.slug === slug)) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const source = typeof body.questions === 'string' ? body.questions : '';
  const version = typeof body.version === 'string' && /^\d{1,9}$/.test(body.version) ? Number(body.version) : -1;
  if (version < 0) return errorResponse(asAppContext(c), 400);
  const read = parseChecklist(source);
  if (!read.ok) return renderPage(c, { error: { slug, source: source.slice(0, 20_000), message: read.message }, status: 422 });
  const saved = await saveChecklist(d1Database(c.env), slug, JSON.stringify(read.questions), version, Date.now());
  if (!saved) {
    const message =
      'Someone else saved this checklist after you opened the page, so yours was not saved. What you typed is here: reload the page to see theirs.';
    return renderPage(c, { error: { slug, source, message }, status: 409 });
  }
  await audit(c, 'checklist-saved', 'service', slug);
  return c.redirect(`${ON_SITE_PATH}?saved=checklist`, 303);
});

declareAccess(checklistRoutes, { who: 'owner' });
