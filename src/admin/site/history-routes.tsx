import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { listRevisions } from '../../db/content-revisions';
import type { SiteContent } from '../../site-content/model';
import { declareAccess } from '../auth/access';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import { RestorePage } from './RestorePage';
import { RESTORABLE, type RestorableSection, restoreChanges, SECTION_LABELS } from './restore-diff';
import { HistoryPage } from './SiteIndexPage';
import { contentAt, formOf, newestContent, saveEdit } from './save';

/**
 * /admin/site/history: every save, and restoring one. A restore is two steps: a page that says
 * what it would change, field by field, then the owner's confirmation (all of it, or one
 * section), saved only if the live revision is still the one the changes were shown against.
 */
export const historyRoutes = new Hono<AdminEnv>();
/** The history and restoring are the owner's, as the rest of the site's content. */
declareAccess(historyRoutes, { who: 'owner' });

async function historyPage(c: Ctx, error?: string, status = 200) {
  const revisions = await listRevisions(d1Database(c.env));
  const restored = status === 200 && c.req.query('restored') !== undefined;
  const page = <HistoryPage revisions={revisions} restored={restored} error={error} />;
  return renderAdmin(page, signedIn(c, 'Site content', 'site'), status);
}

historyRoutes.get('/admin/site/history', (c) => historyPage(c));

const TARGET = '/admin/site/history/:id{[0-9]{1,9}}';

async function restorePage(c: Ctx, id: number, target: SiteContent, message?: string, status = 200) {
  const newest = await newestContent(c.env);
  const page = (
    <RestorePage
      csrf={c.get('session').csrf}
      target={id}
      title={id === 0 ? 'Restore the original content?' : `Restore version ${id}?`}
      newest={newest.id}
      changes={restoreChanges(newest.content, target)}
      message={message}
    />
  );
  return renderAdmin(page, signedIn(c, 'Restore', 'site'), status);
}

const missing = (c: Ctx) => historyPage(c, 'That version does not exist: pick one from the list below.', 404);

historyRoutes.get(TARGET, async (c) => {
  const id = Number(c.req.param('id'));
  const target = await contentAt(c.env, id);
  if (!target) return missing(c);
  return restorePage(c, id, target);
});

historyRoutes.post(`${TARGET}/restore`, async (c) => {
  const id = Number(c.req.param('id'));
  const target = await contentAt(c.env, id);
  if (!target) return missing(c);
  const form = await formOf(c);
  const section = RESTORABLE.find((s) => s === form.section);
  if (form.section !== undefined && !section)
    return historyPage(c, 'That is not a section of the site: nothing was restored.', 400);
  const name = id === 0 ? 'the original content' : `version ${id}`;
  const pick = (content: SiteContent) => (section ? content[section] : content);
  const saved = await saveEdit(c, form, {
    part: pick,
    apply: (content) => ({
      ok: true,
      content: section ? { ...content, [section]: target[section as RestorableSection] } : target,
      summary: section ? `Restored ${SECTION_LABELS[section].toLowerCase()} from ${name}` : `Restored ${name}`,
    }),
  });
  if (!saved.ok) {
    const why = saved.status === 409 ? saved.since : 'the version could not be applied.';
    return restorePage(c, id, target, `Nothing was restored: ${why} Here is what restoring would change now.`, 409);
  }
  return c.redirect('/admin/site/history?restored', 303);
});
