import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { listRevisions } from '../../db/content-revisions';
import { errorResponse } from '../../http/errors';
import { noticesChangeTheLine } from '../../site-content/emergency-line';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import { factsRoutes } from './facts-routes';
import { historyRoutes } from './history-routes';
import { NoticeEditPage } from './NoticesPage';
import { editNotice, noticeFields, removeNotice } from './notice-form';
import { previewPath, renderKeptPreview, renderSitePreview } from './preview';
import { SiteIndexPage } from './SiteIndexPage';
import { formOf, newestContent, saveEdit } from './save';
import { PARTS, READERS, type Section, sectionOf, sectionPage, valuesOf } from './sections';
import { serviceRoutes } from './service-routes';

/**
 * The owner's site content (/admin/site): each form reads the newest revision from D1 and carries
 * its id; a save applies the form's own section onto the newest revision, in one statement that
 * writes only while that revision is still the newest (`saveEdit`). A form with a
 * mistake, or one someone else's save made stale, comes back with what was typed and a message.
 */
export const siteRoutes = new Hono<AdminEnv>();
/** The site's content and settings are the owner's. */
declareAccess(siteRoutes, { who: 'owner' });

siteRoutes.route('/', serviceRoutes);
siteRoutes.route('/', factsRoutes);
siteRoutes.route('/', historyRoutes);

siteRoutes.get('/admin/site', async (c) => {
  const [latest] = await listRevisions(d1Database(c.env), 1);
  return renderAdmin(<SiteIndexPage latest={latest} />, signedIn(c, 'Site content', 'site'));
});

siteRoutes.get('/admin/site/preview', async (c) => {
  const page = previewPath(c.req.query('page') ?? '/');
  if (!page) return errorResponse(asAppContext(c), 400, 'That is not a page of the site.');
  return (await renderKeptPreview(c, page)) ?? c.redirect('/admin/site', 303);
});

const NOTICE = '/admin/site/notices/:id{[0-9a-f]{8}}';

async function noticePage(
  c: Ctx,
  id: string,
  form?: { values: Record<string, string>; errors: Record<string, string>; status: number; revision: number },
) {
  const newest = await newestContent(c.env);
  const notice = newest.content.notices.find((n) => n.id === id);
  if (!notice)
    return sectionPage(c, 'notices', newest, {}, { _form: 'That notice is no longer there: someone removed it.' }, 404);
  const page = (
    <NoticeEditPage
      csrf={c.get('session').csrf}
      revision={form?.revision ?? newest.id}
      values={form?.values ?? noticeFields(notice)}
      errors={form?.errors ?? {}}
      notice={notice}
      lineFollows={noticesChangeTheLine(newest.content.facts)}
    />
  );
  return renderAdmin(page, signedIn(c, 'Change a notice', 'site'), form?.status ?? 200);
}

siteRoutes.get(NOTICE, (c) => noticePage(c, c.req.param('id')));

siteRoutes.post(NOTICE, async (c) => {
  const id = c.req.param('id');
  const form = await formOf(c);
  const saved = await saveEdit(c, form, {
    part: (content) => content.notices.find((n) => n.id === id),
    apply: (content) => editNotice(content, id, form),
  });
  if (!saved.ok) {
    const revision = saved.status === 409 ? saved.newest : Number(form.revision) || 0;
    return noticePage(c, id, { values: form, errors: saved.errors, status: saved.status, revision });
  }
  return c.redirect('/admin/site/notices?saved', 303);
});

siteRoutes.post(`${NOTICE}/remove`, async (c) => {
  const id = c.req.param('id');
  const form = await formOf(c);
  const saved = await saveEdit(c, form, {
    part: (content) => content.notices.find((n) => n.id === id),
    apply: (content) => removeNotice(content, id),
  });
  if (!saved.ok) {
    const newest = await newestContent(c.env);
    return sectionPage(c, 'notices', newest, {}, saved.errors, saved.status === 400 ? 404 : saved.status);
  }
  return c.redirect('/admin/site/notices?saved', 303);
});

siteRoutes.get('/admin/site/:section', async (c) => {
  const section = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const newest = await newestContent(c.env);
  return sectionPage(c, section, newest, valuesOf(section, newest.content), {});
});

siteRoutes.post('/admin/site/:section', async (c) => {
  const section: Section | undefined = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const form = await formOf(c);
  const newest = await newestContent(c.env);
  const back = (errors: Record<string, string>, status: number, revision = Number(form.revision) || 0) =>
    sectionPage(c, section, { id: revision, content: newest.content }, form, errors, status);
  if (form.intent === 'edit') return back({}, 200);
  if (form.intent === 'preview') {
    const result = READERS[section](newest.content, form);
    if (!result.ok) return back(result.errors, 400);
    return renderSitePreview(c, `/admin/site/${section}`, section, form, result.content);
  }
  const saved = await saveEdit(c, form, { part: PARTS[section], apply: (content) => READERS[section](content, form) });
  if (!saved.ok) return back(saved.errors, saved.status, saved.status === 409 ? saved.newest : undefined);
  return c.redirect(`/admin/site/${section}?saved`, 303);
});
