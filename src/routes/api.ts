import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { readReferer } from '../http/referer';
import { encodeArrival, readArrival } from '../leads/attribution';
import { ATTRIBUTION_FIELD, TOKEN_FIELD } from '../leads/field-names';
import { FORM_MESSAGES } from '../leads/form-messages';
import { FORM_ERROR, type FormState } from '../leads/form-state';
import { newFormState } from '../leads/form-token';
import { echoValues, isFormPost, LEAD_BODY_LIMIT, readLeadBody } from '../leads/request-body';
import { formFields, type LeadFormName } from '../leads/schemas';
import { submitLead } from '../leads/submit';
import { type Answer, answerSubmission, renderFormPage, renderLeadSent } from './lead-answers';

/**
 * POST /api/contact and POST /api/quote: read the request, submit the lead (src/leads/submit.ts
 * decides), answer, then send the e-mail after the answer. The visitor sees a failure only when
 * the lead could not be stored.
 */
export const apiRoutes = new Hono<AppEnv>();

/** Runs work after the answer is sent when the runtime allows it (it always does in workerd). */
function afterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a bare app.request in a test): the work still runs to its end.
  }
}

async function handleLead(c: Context<AppEnv>, form: LeadFormName): Promise<Response> {
  const read = await readLeadBody(c.req.raw);
  if (!read.ok) return c.json({ error: read.error }, read.status, { 'Cache-Control': NO_STORE });
  const { body } = read;
  const answer: Answer = read.format === 'json' ? 'json' : 'page';
  const postedToken = typeof body[TOKEN_FIELD] === 'string' ? (body[TOKEN_FIELD] as string) : '';
  const state: FormState = {
    values: echoValues(body, formFields[form]),
    errors: {},
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

/** A form post over the limit gets its page back with a message; anything else gets JSON. */
const tooLarge = (form: LeadFormName) => (c: Context<AppEnv>) =>
  isFormPost(c.req.header('content-type'))
    ? renderFormPage(c, form, { values: {}, errors: { [FORM_ERROR]: FORM_MESSAGES.tooLarge } }, 413)
    : c.json({ error: 'Payload Too Large' }, 413, { 'Cache-Control': NO_STORE });

for (const form of ['contact', 'quote'] as const) {
  apiRoutes.post(`/api/${form}`, bodyLimit({ maxSize: LEAD_BODY_LIMIT, onError: tooLarge(form) }), (c) => handleLead(c, form));
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
