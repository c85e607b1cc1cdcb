import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { TOKEN_FIELD } from '../leads/field-names';
import { FORM_ERROR, type FormState } from '../leads/form-state';
import { newFormState } from '../leads/form-token';
import { deliverLead, leadFields, storeLead } from '../leads/outbox';
import { echoValues, isFormPost, LEAD_BODY_LIMIT, readLeadBody } from '../leads/request-body';
import { type Answer, accepted, FORM_MESSAGES, refused, renderFormPage, renderLeadSent } from '../leads/responses';
import { formFields, type LeadFormName, validateLead } from '../leads/schemas';
import { judgeSubmission, withinRateLimit } from '../leads/spam';

/**
 * POST /api/contact and POST /api/quote: JSON or a form post in; validated, spam-checked,
 * stored in D1, answered, then e-mailed after the answer (src/leads/outbox.ts). The visitor
 * sees a failure only when the lead could not be stored.
 */
export const apiRoutes = new Hono<AppEnv>();

const logLine = (level: 'warn' | 'error', msg: string, fields: Record<string, unknown>) =>
  (level === 'error' ? console.error : console.warn)(JSON.stringify({ level, msg, ...fields }));

/** Runs work after the answer is sent when the runtime allows it (it always does in workerd). */
function afterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a bare app.request in a test): the work still runs to its end.
  }
}

async function handleLead(c: Context<AppEnv>, form: LeadFormName): Promise<Response> {
  const now = Date.now();
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

  const validation = validateLead(form, body);
  if (!validation.ok) return refused(c, form, answer, 400, FORM_MESSAGES.invalid, state, validation.errors);

  const ip = c.req.header('cf-connecting-ip') ?? 'unknown';
  if (!(await withinRateLimit(c.env, ip))) return refused(c, form, answer, 429, FORM_MESSAGES.tooMany, state);

  const verdict = await judgeSubmission(c.env, form, body, ip, now);
  if (verdict.action === 'drop') {
    // The same answer as a stored lead, so a bot cannot tell which rule caught it.
    logLine('warn', 'lead dropped as spam', { form, rule: verdict.rule });
    return accepted(c, form, answer, crypto.randomUUID());
  }
  if (verdict.action === 'retry') {
    const fresh = await newFormState(c.env, form, state);
    return refused(c, form, answer, 400, FORM_MESSAGES.sendAgain, {
      ...fresh,
      errors: { [FORM_ERROR]: FORM_MESSAGES.sendAgain },
    });
  }
  if (verdict.action === 'challenge') return refused(c, form, answer, 400, FORM_MESSAGES.challenge, state);

  let lead: Awaited<ReturnType<typeof storeLead>>;
  try {
    lead = await storeLead(c.env, leadFields(form, validation.data), now);
  } catch (error) {
    // Our fault, not the visitor's: the one 5xx a submission can get, and it says to call.
    logLine('error', 'lead could not be stored', { form, error: error instanceof Error ? error.message : String(error) });
    return refused(c, form, answer, 503, FORM_MESSAGES.notStored, state);
  }
  if (lead.status === 'pending') afterResponse(c, deliverLead(c.env, lead));
  return accepted(c, form, answer, lead.id);
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
