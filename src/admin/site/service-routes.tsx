import { Hono } from 'hono';
import { databaseFor } from '../../db/client';
import { listMedia } from '../../db/media';
import { errorResponse } from '../../http/errors';
import { mediaUrl } from '../../media/keys';
import { readDefaultContent, readLineWording } from '../../site-content/default-asset';
import { emergencyLineOf } from '../../site-content/emergency-line';
import { followTheLine } from '../../site-content/line-wording';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import type { Form } from './forms';
import { renderSitePreview } from './preview';
import { type PictureChoice, ServiceEditPage, ServicesListPage } from './ServicePages';
import { formOf, newestContent, saveEdit } from './save';
import { readService, serviceFields } from './service-form';

/** /admin/site/services: the text and picture of each of the 12 services (their addresses stay). */
export const serviceRoutes = new Hono<AdminEnv>();
/** The services' pages are the owner's, as the rest of the site's content. */
declareAccess(serviceRoutes, { who: 'owner' });

/** The pictures a service may show: the illustrations that came with the site, and the Media library. */
async function pictureChoices(c: Ctx): Promise<PictureChoice[]> {
  const own = (await readDefaultContent(c.env)).services.map((s) => ({ url: s.image, alt: s.imageAlt }));
  const { rows } = await listMedia(await databaseFor(c.env), null, 60);
  return [...rows.map((row) => ({ url: mediaUrl(row.key), alt: row.alt })), ...own];
}

serviceRoutes.get('/admin/site/services', async (c) => {
  const { content } = await newestContent(c.env);
  return renderAdmin(<ServicesListPage services={content.services} />, signedIn(c, 'Services', 'site'));
});

const SLUG = '/admin/site/services/:slug{[a-z-]{1,40}}';

async function servicePage(
  c: Ctx,
  slug: string,
  revision: number,
  values: Form,
  errors: Record<string, string>,
  status = 200,
  lineHours?: string,
) {
  const saved = status === 200 && c.req.query('saved') !== undefined;
  const page = (
    <ServiceEditPage
      slug={slug}
      csrf={c.get('session').csrf}
      revision={revision}
      values={values}
      errors={errors}
      saved={saved}
      pictures={await pictureChoices(c)}
      lineHours={lineHours}
    />
  );
  return renderAdmin(page, signedIn(c, values.title || 'Service', 'site'), status);
}

serviceRoutes.get(SLUG, async (c) => {
  const { id, content } = await newestContent(c.env);
  const service = content.services.find((s) => s.slug === c.req.param('slug'));
  if (!service) return errorResponse(asAppContext(c), 404);
  // The defaults' 24/7 words the site rewords while the line keeps hours: said, so the form's words do not puzzle.
  const line = emergencyLineOf(content.facts);
  const shown = line.allHours
    ? service
    : followTheLine(content, await readLineWording(c.env)).services.find((s) => s.slug === service.slug);
  const reworded = JSON.stringify(shown) !== JSON.stringify(service);
  return servicePage(c, service.slug, id, serviceFields(service), {}, 200, reworded ? line.when : undefined);
});

serviceRoutes.post(SLUG, async (c) => {
  const { content } = await newestContent(c.env);
  const slug = c.req.param('slug');
  if (!content.services.some((s) => s.slug === slug)) return errorResponse(asAppContext(c), 404);
  const form = await formOf(c);
  const revision = Number(form.revision) || 0;
  if (form.intent === 'edit') return servicePage(c, slug, revision, form, {});
  const pictures = (await pictureChoices(c)).map((p) => p.url);
  if (form.intent === 'preview') {
    const result = readService(content, slug, form, pictures);
    if (!result.ok) return servicePage(c, slug, revision, form, result.errors, 400);
    return renderSitePreview(c, `/admin/site/services/${slug}`, 'services', form, result.content, slug);
  }
  const saved = await saveEdit(c, form, {
    part: (newest) => newest.services.find((s) => s.slug === slug),
    apply: (newest) => readService(newest, slug, form, pictures),
  });
  if (!saved.ok) return servicePage(c, slug, saved.status === 409 ? saved.newest : revision, form, saved.errors, saved.status);
  return c.redirect(`/admin/site/services/${slug}?saved`, 303);
});
