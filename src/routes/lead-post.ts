import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { afterResponse } from '../http/execution';
import { readReferer } from '../http/referer';
import { encodeArrival, readArrival } from '../leads/attribution';
import { ATTRIBUTION_FIELD, TOKEN_FIELD } from '../leads/field-names';
import { formMessages } from '../leads/form-messages';
import { FORM_ERROR, type FormState } from '../leads/form-state';
import { echoValues, isFormPost, isMultipart, readLeadBody } from '../leads/request-body';
import { formFields, type LeadFormName } from '../leads/schemas';
import { submitLead } from '../leads/submit';
import { PHOTO_FIELD, PHOTO_MESSAGES } from '../rules/photos';
import { type Answer, answerSubmission, renderFormPage } from './lead-answers';

/**
 * POST /api/contact and POST /api/quote (routed in api.ts): read the request, submit the lead
 * (`submitLead` decides), answer, then send the e-mails after the answer. The visitor sees
 * a failure only when the lead could not be stored. Imported by the first post, so the lead
 * pipeline (the form rules, Drizzle, the outbox, the owner's alerts, the form pages) is not
 * compiled by every cold isolate that renders a page.
 */
export async function handleLead(c: Context<AppEnv>, form: LeadFormName): Promise<Response> {
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
export const tooLarge = (form: LeadFormName) => (c: Context<AppEnv>) => {
  const contentType = c.req.header('content-type');
  const messages = formMessages(c.var.content.site.phone.emergency.display);
  const message = isMultipart(contentType) ? messages.photosTooLarge : messages.tooLarge;
  if (isFormPost(contentType) && !wantsJson(c))
    return renderFormPage(c, form, { values: {}, errors: { [FORM_ERROR]: message } }, 413);
  return c.json({ error: isFormPost(contentType) ? message : 'Payload Too Large' }, 413, { 'Cache-Control': NO_STORE });
};
