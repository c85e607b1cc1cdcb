import { Hono } from 'hono';
import { databaseFor } from '../../db/client';
import { listMedia } from '../../db/media';
import { errorResponse } from '../../http/errors';
import { mediaUrl } from '../../media/keys';
import { currentSiteContent } from '../../site-content/current';
import { readDefaultContent } from '../../site-content/default-asset';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import type { Form } from './forms';
import { renderSitePreview } from './preview';
import { formOf, publish } from './publish';
import { type PictureChoice, ServiceEditPage, ServicesListPage } from './ServicePages';
import { readService, serviceFields } from './service-form';

/** /admin/site/services: the text and picture of each of the 12 services (their addresses stay). */
export const serviceRoutes = new Hono<AdminEnv>();
/** The services' pages are the owner's, as the rest of the site's content. */
declareAccess(serviceRoutes, { who: 'owner' });

/** The pictures a service may show: the illustrations that came with the site, and the Media library. */
async function pictureChoices(c: Ctx): Promise<PictureChoice[]> {
  const own = (await readDefaultContent(c.env)).services.map((s) => ({ url: s.image, alt: s.imageAlt }));
  const { rows } = await listMedia(await databaseFor(c.env), 1, 60);
  return [...rows.map((row) => ({ url: mediaUrl(row.key), alt: row.alt })), ...own];
}

serviceRoutes.get('/admin/site/services', async (c) => {
  const { content } = await currentSiteContent(c.env);
  return renderAdmin(<ServicesListPage services={content.services} />, signedIn(c, 'Services', 'site'));
});

const SLUG = '/admin/site/services/:slug{[a-z-]{1,40}}';

async function servicePage(c: Ctx, slug: string, values: Form, errors: Record<string, string>, status = 200) {
  const saved = status === 200 && c.req.query('saved') !== undefined;
  const page = (
    <ServiceEditPage
      slug={slug}
      csrf={c.get('session').csrf}
      values={values}
      errors={errors}
      saved={saved}
      pictures={await pictureChoices(c)}
    />
  );
  return renderAdmin(page, signedIn(c, values.title || 'Service', 'site'), status);
}

serviceRoutes.get(SLUG, async (c) => {
  const { content } = await currentSiteContent(c.env);
  const service = content.services.find((s) => s.slug === c.req.param('slug'));
  if (!service) return errorResponse(asAppContext(c), 404);
  return servicePage(c, service.slug, serviceFields(service), {});
});

serviceRoutes.post(SLUG, async (c) => {
  const { content } = await currentSiteContent(c.env);
  const slug = c.req.param('slug');
  if (!content.services.some((s) => s.slug === slug)) return errorResponse(asAppContext(c), 404);
  const form = await formOf(c);
  if (form.intent === 'edit') return servicePage(c, slug, form, {});
  const pictures = (await pictureChoices(c)).map((p) => p.url);
  const result = readService(content, slug, form, pictures);
  if (!result.ok) return servicePage(c, slug, form, result.errors, 400);
  if (form.intent === 'preview')
    return renderSitePreview(c, `/admin/site/services/${slug}`, 'services', form, result.content, slug);
  await publish(c, result.content, result.summary);
  return c.redirect(`/admin/site/services/${slug}?saved`, 303);
});
