import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { listRevisions, readRevision } from '../../db/content-revisions';
import { errorResponse } from '../../http/errors';
import { currentSiteContent } from '../../site-content/current';
import { readDefaultContent } from '../../site-content/default-asset';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { removeNotice } from './forms';
import { renderSitePreview } from './preview';
import { formOf, publish } from './publish';
import { HistoryPage, SiteIndexPage } from './SiteIndexPage';
import { READERS, sectionOf, sectionPage, valuesOf } from './sections';
import { serviceRoutes } from './service-routes';

/**
 * The owner's site content (/admin/site): each form reads the current revision, and a save
 * writes the whole content as a new revision in one statement, live in this isolate at once and
 * in every other within a minute (src/site-content/revision.ts). A form with a mistake comes back
 * with what was typed and a message beside each field, and nothing is saved.
 */
export const siteRoutes = new Hono<AdminEnv>();
/** The site's content and settings are the owner's. */
declareAccess(siteRoutes, { who: 'owner' });

siteRoutes.route('/', serviceRoutes);

siteRoutes.get('/admin/site', async (c) => {
  const [latest] = await listRevisions(d1Database(c.env), 1);
  return renderAdmin(<SiteIndexPage latest={latest} />, signedIn(c, 'Site content', 'site'));
});

siteRoutes.get('/admin/site/history', async (c) => {
  const revisions = await listRevisions(d1Database(c.env));
  const restored = c.req.query('restored') !== undefined;
  return renderAdmin(
    <HistoryPage csrf={c.get('session').csrf} revisions={revisions} restored={restored} />,
    signedIn(c, 'Site content', 'site'),
  );
});

siteRoutes.post('/admin/site/history/:id{[0-9]{1,9}}/restore', async (c) => {
  const id = Number(c.req.param('id'));
  // 0: the content the site started with (the defaults in code).
  const content = id === 0 ? await readDefaultContent(c.env) : await readRevision(d1Database(c.env), id);
  if (!content) return errorResponse(asAppContext(c), 404, 'That version does not exist.');
  await publish(c, content, id === 0 ? 'Restored the original content' : `Restored version ${id}`);
  return c.redirect('/admin/site/history?restored', 303);
});

siteRoutes.post('/admin/site/notices/:id{[0-9a-f]{8}}/remove', async (c) => {
  const { content } = await currentSiteContent(c.env);
  const result = removeNotice(content, c.req.param('id'));
  if (!result.ok) return sectionPage(c, 'notices', content, {}, result.errors, 404);
  await publish(c, result.content, result.summary);
  return c.redirect('/admin/site/notices?saved', 303);
});

siteRoutes.get('/admin/site/:section', async (c) => {
  const section = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const { content } = await currentSiteContent(c.env);
  return sectionPage(c, section, content, valuesOf(section, content), {});
});

siteRoutes.post('/admin/site/:section', async (c) => {
  const section = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const { content } = await currentSiteContent(c.env);
  const form = await formOf(c);
  if (form.intent === 'edit') return sectionPage(c, section, content, form, {});
  const result = READERS[section](content, form);
  if (!result.ok) return sectionPage(c, section, content, form, result.errors, 400);
  if (form.intent === 'preview') return renderSitePreview(c, `/admin/site/${section}`, section, form, result.content);
  await publish(c, result.content, result.summary);
  return c.redirect(`/admin/site/${section}?saved`, 303);
});
