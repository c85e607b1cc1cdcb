import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { afterResponse } from '../http/execution';
import { LEAD_POST_PATHS } from '../http/paths';
import { readReferer } from '../http/referer';
import { encodeArrival, readArrival } from '../leads/attribution';
import { ATTRIBUTION_FIELD, TOKEN_FIELD } from '../leads/field-names';
import { formMessages } from '../leads/form-messages';
import { FORM_ERROR, type FormState } from '../leads/form-state';
import { newFormState } from '../leads/form-token';
import {
  echoValues,
  isFormPost,
  isMultipart,
  LEAD_BODY_LIMIT,
  LEAD_UPLOAD_BODY_LIMIT,
  readLeadBody,
} from '../leads/request-body';
import { formFields, type LeadFormName } from '../leads/schemas';
import { submitLead } from '../leads/submit';
import { PHOTO_FIELD, PHOTO_MESSAGES } from '../rules/photos';
import { type Answer, answerSubmission, renderFormPage, renderLeadSent } from './lead-answers';

/**
 * POST /api/contact and POST /api/quote: read the request, submit the lead (src/leads/submit.ts
 * decides), answer, then send the e-mails after the answer. The visitor sees a failure only when
 * the lead could not be stored.
 */
export const apiRoutes = new Hono<AppEnv>();

async function handleLead(c: Context<AppEnv>, form: LeadFormName): Promise<Response> {
  const read = await readLeadBody(c.req.raw);
  if (!read.ok) return c.json({ error: read.error }, read.status, { 'Cache-Control': NO_STORE });
  const { body } = read;
  const answer: Answer = read.format === 'json' || wantsJson(c) ? 'json' : 'page';
  const postedToken = typeof body[TOKEN_FIELD] === 'string' ? (body[TOKEN_FIELD] as string) : '';
  const state: FormState = {
    values: echoValues(body, formFields[form]),
    // A form that comes back cannot keep its files: if it had photos, it says to choose them again.
    errors: body[PHOTO_FIELD] ? { [PHOTO_FIELD]: PHOTO_MESSAGES.chooseAgain } : {},
    ...(postedToken ? { token: postedToken } : {}),
  };

  const referer = readReferer(c.req.raw, c.env.SITE_ORIGIN);
  const sentFrom = referer.kind === 'ours' ? referer.url.pathname : null;
  const ip = c.req.header('cf-connecting-ip') ?? 'unknown';
  const result = await submitLead(c.env, form, body, ip, Date.now(), sentFrom);
  if (result.outcome === 'accepted' && result.deliver) afterResponse(c, result.deliver());
  const attribution = encodeArrival(readArrival(body[ATTRIBUTION_FIELD]));
  return answerSubmission(c, form, answer, result, state, attribution);
}

/** The islands post multipart (photos) and ask for JSON answers; a browser without JavaScript asks for pages. */
const wantsJson = (c: Context<AppEnv>) => /^\s*application\/json/i.test(c.req.header('accept') ?? '');

/** A form post over the limit gets its page back with a message; an island or any other caller gets JSON. */
const tooLarge = (form: LeadFormName) => (c: Context<AppEnv>) => {
  const contentType = c.req.header('content-type');
  const messages = formMessages(c.var.content.site.phone.emergency.display);
  const message = isMultipart(contentType) ? messages.photosTooLarge : messages.tooLarge;
  if (isFormPost(contentType) && !wantsJson(c))
    return renderFormPage(c, form, { values: {}, errors: { [FORM_ERROR]: message } }, 413);
  return c.json({ error: isFormPost(contentType) ? message : 'Payload Too Large' }, 413, { 'Cache-Control': NO_STORE });
};

/**
 * The lead routes' own body limits (the app's 64 KB one skips them, src/index.ts): 48 KB, or
 * 20 MB and a little for a multipart post, the only kind that can carry photos.
 */
for (const form of ['contact', 'quote'] as const) {
  const small = bodyLimit({ maxSize: LEAD_BODY_LIMIT, onError: tooLarge(form) });
  const upload = bodyLimit({ maxSize: LEAD_UPLOAD_BODY_LIMIT, onError: tooLarge(form) });
  apiRoutes.post(
    LEAD_POST_PATHS[form],
    (c, next) => (isMultipart(c.req.header('content-type')) ? upload : small)(c, next),
    (c) => handleLead(c, form),
  );
}

/** Where a form post lands once its lead is stored. */
apiRoutes.get('/contact/sent', (c) => renderLeadSent(c, 'contact'));
apiRoutes.get('/free-quote/sent', (c) => renderLeadSent(c, 'quote'));

/** A fresh form token, for an island whose page was rendered without one. */
apiRoutes.get('/api/form-token', async (c) => {
  const form = c.req.query('form');
  if (form !== 'contact' && form !== 'quote') return c.json({ error: 'Unknown form' }, 400, { 'Cache-Control': NO_STORE });
  const { token } = await newFormState(c.env, form);
  return c.json({ token }, 200, { 'Cache-Control': NO_STORE });
});
