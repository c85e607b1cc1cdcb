import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { insertRevision, listRevisions, readRevision } from '../../db/content-revisions';
import { listMedia } from '../../db/media';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { mediaUrl } from '../../media/keys';
import { currentSiteContent } from '../../site-content/current';
import { defaultContent } from '../../site-content/defaults';
import type { SiteContent } from '../../site-content/model';
import { tookRevision } from '../../site-content/revision';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import {
  addNotice,
  type Form,
  type FormResult,
  factsFields,
  readAreas,
  readFacts,
  readFaqs,
  readPrices,
  readReviews,
  removeNotice,
} from './forms';
import { AreaField, TextField } from './parts';
import { renderSitePreview } from './preview';
import { type PictureChoice, ServiceEditPage, ServicesListPage } from './ServicePages';
import { AreasPage, FactsPage, HistoryPage, ListPage, NoticesPage, PricesPage, SiteIndexPage } from './SitePages';
import { readService, serviceFields } from './service-form';

/**
 * The owner's site content (/admin/site): each form reads the current revision, and a save
 * writes the whole content as a new revision in one statement, live in this isolate at once and
 * in every other within a minute (src/site-content/revision.ts). A form with a mistake comes back
 * with what was typed and a message beside each field, and nothing is saved.
 */
export const siteRoutes = new Hono<AdminEnv>();

type Section = 'facts' | 'notices' | 'prices' | 'faq' | 'reviews' | 'areas';

const db = (c: Ctx) => d1Database(c.env);

async function publish(c: Ctx, content: SiteContent, summary: string): Promise<number> {
  const id = await insertRevision(db(c), { content, summary, author: 'owner', now: Date.now() });
  tookRevision(id, content);
  log.info('site content published', { revision: id, summary });
  return id;
}

/** The form's fields as the page shows them: what was typed after a mistake, else the current values. */
function valuesOf(section: Section, content: SiteContent): Form {
  switch (section) {
    case 'facts':
      return factsFields(content.facts);
    case 'prices':
      return Object.fromEntries(
        Object.entries(content.prices).flatMap(([slug, price]) => [
          [`price-${slug}`, String(price.from)],
          [`vat-${slug}`, price.vatIncluded ? 'on' : ''],
        ]),
      );
    case 'faq':
      return Object.fromEntries(
        content.faqs.flatMap((faq, i) => [
          [`question${i}`, faq.question],
          [`answer${i}`, faq.answer],
          [`order${i}`, String(i + 1)],
        ]),
      );
    case 'reviews':
      return Object.fromEntries(
        content.testimonials.flatMap((r, i) => [
          [`name${i}`, r.name],
          [`location${i}`, r.location],
          [`rating${i}`, String(r.rating)],
          [`text${i}`, r.text],
          [`date${i}`, r.date],
          [`source${i}`, r.source],
          [`order${i}`, String(i + 1)],
        ]),
      );
    case 'areas':
      return {
        places: content.areas.places.join('\n'),
        towns: content.areas.towns.map((t) => `${t.name} | ${t.lat} | ${t.lng}`).join('\n'),
        districts: content.areas.districts.join(' '),
        outline: content.areas.outline.map(([lng, lat]) => `${lat} | ${lng}`).join('\n'),
      };
    default:
      return {};
  }
}

function page(c: Ctx, section: Section, content: SiteContent, values: Form, errors: Record<string, string>, status = 200) {
  const props = { csrf: c.get('session').csrf, values, errors, saved: c.req.query('saved') !== undefined && status === 200 };
  const chrome = signedIn(c, 'Site content', 'site');
  const rowField = (name: string, label: string, i: number, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={`${name}${i}`} label={label} values={values} errors={errors} {...extra} />
  );
  switch (section) {
    case 'facts':
      return renderAdmin(<FactsPage {...props} />, chrome, status);
    case 'notices':
      return renderAdmin(<NoticesPage {...props} content={content} />, chrome, status);
    case 'prices':
      return renderAdmin(<PricesPage {...props} content={content} />, chrome, status);
    case 'areas':
      return renderAdmin(<AreasPage {...props} />, chrome, status);
    case 'faq':
      return renderAdmin(
        <ListPage
          {...props}
          title="FAQ"
          intro="The questions on /faq, in this order; search engines read them too."
          action="/admin/site/faq"
          count={content.faqs.length}
          row={(i) => (
            <>
              {rowField('question', 'Question', i)}
              <AreaField name={`answer${i}`} label="Answer" values={values} errors={errors} />
            </>
          )}
        />,
        chrome,
        status,
      );
    case 'reviews':
      return renderAdmin(
        <ListPage
          {...props}
          title="Reviews"
          intro='Real reviews only. "Verified on Google" shows only for reviews given on Google.'
          action="/admin/site/reviews"
          count={content.testimonials.length}
          row={(i) => (
            <>
              {rowField('name', 'Name', i)}
              {rowField('location', 'Place', i)}
              {rowField('rating', 'Rating (1 to 5)', i, { inputMode: 'numeric' })}
              <AreaField name={`text${i}`} label="Review" values={values} errors={errors} />
              {rowField('date', 'Date', i, { type: 'date' })}
              <label className="admin-check">
                <input
                  type="radio"
                  name={`source${i}`}
                  value="google"
                  defaultChecked={(values[`source${i}`] ?? 'google') === 'google'}
                />{' '}
                Given on Google
              </label>
              <label className="admin-check">
                <input type="radio" name={`source${i}`} value="other" defaultChecked={values[`source${i}`] === 'other'} /> Given
                elsewhere
              </label>
            </>
          )}
        />,
        chrome,
        status,
      );
  }
}

const SECTIONS: readonly Section[] = ['facts', 'notices', 'prices', 'faq', 'reviews', 'areas'];
const sectionOf = (raw: string): Section | undefined =>
  (SECTIONS as readonly string[]).includes(raw) ? (raw as Section) : undefined;

const READERS: Record<Exclude<Section, 'notices'>, (content: SiteContent, form: Form) => FormResult> = {
  facts: readFacts,
  prices: readPrices,
  faq: readFaqs,
  reviews: readReviews,
  areas: readAreas,
};

async function formOf(c: Ctx): Promise<Form> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

siteRoutes.get('/admin/site', async (c) => {
  const [latest] = await listRevisions(db(c), 1);
  return renderAdmin(<SiteIndexPage latest={latest} />, signedIn(c, 'Site content', 'site'));
});

siteRoutes.get('/admin/site/history', async (c) => {
  const revisions = await listRevisions(db(c));
  const restored = c.req.query('restored') !== undefined;
  return renderAdmin(
    <HistoryPage csrf={c.get('session').csrf} revisions={revisions} restored={restored} />,
    signedIn(c, 'Site content', 'site'),
  );
});

siteRoutes.post('/admin/site/history/:id{[0-9]{1,9}}/restore', async (c) => {
  const id = Number(c.req.param('id'));
  // 0: the content the site started with (the defaults in code).
  const content = id === 0 ? defaultContent() : await readRevision(db(c), id);
  if (!content) return errorResponse(asAppContext(c), 404, 'That version does not exist.');
  await publish(c, content, id === 0 ? 'Restored the original content' : `Restored version ${id}`);
  return c.redirect('/admin/site/history?restored', 303);
});

siteRoutes.post('/admin/site/notices/:id{[0-9a-f]{8}}/remove', async (c) => {
  const { content } = await currentSiteContent(c.env);
  const result = removeNotice(content, c.req.param('id'));
  if (!result.ok) return page(c, 'notices', content, {}, result.errors, 404);
  await publish(c, result.content, result.summary);
  return c.redirect('/admin/site/notices?saved', 303);
});

/** The pictures a service may show: the illustrations that came with the site, and the Media library. */
async function pictureChoices(c: Ctx): Promise<PictureChoice[]> {
  const own = defaultContent().services.map((s) => ({ url: s.image, alt: s.imageAlt }));
  const { rows } = await listMedia(d1Database(c.env), 1, 60);
  return [...rows.map((row) => ({ url: mediaUrl(row.key), alt: row.alt })), ...own];
}

siteRoutes.get('/admin/site/services', async (c) => {
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

siteRoutes.get(SLUG, async (c) => {
  const { content } = await currentSiteContent(c.env);
  const service = content.services.find((s) => s.slug === c.req.param('slug'));
  if (!service) return errorResponse(asAppContext(c), 404);
  return servicePage(c, service.slug, serviceFields(service), {});
});

siteRoutes.post(SLUG, async (c) => {
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

siteRoutes.get('/admin/site/:section', async (c) => {
  const section = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const { content } = await currentSiteContent(c.env);
  return page(c, section, content, valuesOf(section, content), {});
});

siteRoutes.post('/admin/site/:section', async (c) => {
  const section = sectionOf(c.req.param('section'));
  if (!section) return errorResponse(asAppContext(c), 404);
  const { content } = await currentSiteContent(c.env);
  const form = await formOf(c);
  if (form.intent === 'edit') return page(c, section, content, form, {});
  const result = section === 'notices' ? addNotice(content, form) : READERS[section](content, form);
  if (!result.ok) return page(c, section, content, form, result.errors, 400);
  if (form.intent === 'preview') return renderSitePreview(c, `/admin/site/${section}`, section, form, result.content);
  await publish(c, result.content, result.summary);
  return c.redirect(`/admin/site/${section}?saved`, 303);
});
