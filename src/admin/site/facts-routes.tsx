import { Hono } from 'hono';
import { inRegionBox, regionTowns } from '../../content/region-towns';
import { postsContaining } from '../../db/admin-posts';
import { databaseFor } from '../../db/client';
import { errorResponse } from '../../http/errors';
import { readLineWording } from '../../site-content/default-asset';
import { emergencyLineOf } from '../../site-content/emergency-line';
import type { Facts, SiteContent } from '../../site-content/model';
import { ownTextsClaimingAllHours, ROUND_THE_CLOCK_PHRASES } from '../../site-content/own-claims';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import { FactsOverviewPage } from './FactsOverviewPage';
import { FactsPage } from './FactsPage';
import { type FactPart, factPartOf } from './fact-parts';
import { factsFields, readFacts } from './facts-form';
import type { Form, FormResult } from './forms';
import { renderSitePreview } from './preview';
import { formOf, newestContent, saveEdit } from './save';

/**
 * /admin/site/facts: the business facts in five parts, each its own form and save. A part's save
 * applies only the fields it shows onto the newest facts, so two people changing different parts
 * at once both keep their change; the same field changed since the form was read is refused.
 */
export const factsRoutes = new Hono<AdminEnv>();
/** The business facts are the owner's, as the rest of the site's content. */
declareAccess(factsRoutes, { who: 'owner' });

/** The fields a post carries that are facts (not the token, the intent or the revision). */
const postedFacts = (form: Form, facts: Facts) => {
  const known = factsFields(facts);
  const names = Object.keys(form).filter((name) => name in known || /^(opens|closes)-/.test(name) || name === 'hoursMode');
  return 'placeTown' in form ? [...names, 'lat', 'lng'] : names;
};

/** The map position from the town picked ('' keeps where it is now); other fields as posted. */
function withPlace(form: Form): { form: Form; error?: string } {
  if (form.placeTown === undefined || form.placeTown === '') return { form };
  const town = regionTowns.find((t) => t.name === form.placeTown);
  if (!town || !inRegionBox(town)) return { form, error: 'Please pick a town from the list: the map shows only this region.' };
  return { form: { ...form, lat: String(town.lat), lng: String(town.lng) } };
}

function applyFacts(form: Form) {
  return (content: SiteContent): FormResult => {
    const place = withPlace(form);
    if (place.error) return { ok: false, errors: { placeTown: place.error } };
    const { placeTown: _, ...posted } = place.form;
    return readFacts(content, { ...factsFields(content.facts), ...posted });
  };
}

async function partPage(
  c: Ctx,
  part: FactPart | 'all',
  revision: number,
  values: Form,
  errors: Record<string, string>,
  status = 200,
) {
  const saved = status === 200 && c.req.query('saved') !== undefined;
  const page = (
    <FactsPage csrf={c.get('session').csrf} revision={revision} values={values} errors={errors} saved={saved} part={part} />
  );
  return renderAdmin(page, signedIn(c, 'Business facts', 'site'), status);
}

factsRoutes.get('/admin/site/facts', async (c) => {
  const { content } = await newestContent(c.env);
  const saved = c.req.query('saved') !== undefined;
  const stillSayAllHours = emergencyLineOf(content.facts).allHours
    ? []
    : ownTextsClaimingAllHours(
        content,
        await readLineWording(c.env),
        await postsContaining(await databaseFor(c.env), ROUND_THE_CLOCK_PHRASES),
      );
  return renderAdmin(
    <FactsOverviewPage facts={content.facts} saved={saved} stillSayAllHours={stillSayAllHours} />,
    signedIn(c, 'Business facts', 'site'),
  );
});

factsRoutes.get('/admin/site/facts/:part', async (c) => {
  const part = factPartOf(c.req.param('part'));
  if (!part) return errorResponse(asAppContext(c), 404);
  const { id, content } = await newestContent(c.env);
  return partPage(c, part, id, factsFields(content.facts), {});
});

/** A part's save; a post to /admin/site/facts itself may carry every fact at once. */
async function saveFacts(c: Ctx, part: FactPart | undefined) {
  const form = await formOf(c);
  const back = (revision: number, errors: Record<string, string>, status: number) =>
    partPage(c, part ?? 'all', revision, form, errors, status);
  if (form.intent === 'edit') return partPage(c, part ?? 'all', Number(form.revision) || 0, form, {});
  const newest = await newestContent(c.env);
  const fields = postedFacts(form, newest.content.facts);
  const pick = (content: SiteContent) => {
    const all = factsFields(content.facts);
    return fields.map((name) => all[name] ?? '');
  };
  if (form.intent === 'preview') {
    const result = applyFacts(form)(newest.content);
    if (!result.ok) return back(newest.id, result.errors, 400);
    return renderSitePreview(c, `/admin/site/facts/${part ?? ''}`, 'facts', form, result.content);
  }
  const saved = await saveEdit(c, form, { part: pick, apply: applyFacts(form) });
  if (!saved.ok)
    return back(saved.status === 409 ? saved.newest : Number(form.revision) || newest.id, saved.errors, saved.status);
  return c.redirect('/admin/site/facts?saved', 303);
}

factsRoutes.post('/admin/site/facts', (c) => saveFacts(c, undefined));
factsRoutes.post('/admin/site/facts/:part', async (c) => {
  const part = factPartOf(c.req.param('part'));
  if (!part) return errorResponse(asAppContext(c), 404);
  return saveFacts(c, part);
});
