import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { promiseClock } from '../http/test-clock';
import { callBackPromise } from '../leads/call-back';
import { confirmationsOn } from '../leads/confirmations';
import { FORM_ERROR, type FormState } from '../leads/form-state';
import { newFormState } from '../leads/form-token';
import { isLeadReference, leadReference } from '../leads/lead-summary';
import { quoteRequestServiceTitle } from '../leads/quote-request-words';
import type { LeadFormName } from '../leads/schemas';
import type { Submission } from '../leads/submit';
import { ContactPage, contactMeta } from '../pages/ContactPage';
import { LeadSentPage, leadSentLocation, leadSentMeta } from '../pages/LeadSentPage';
import { QuoteRequestPage, quoteRequestMeta } from '../pages/QuoteRequestPage';

/**
 * The two ways a submission is answered: JSON for the islands and other callers, pages for a
 * browser posting the form without JavaScript. What to answer was decided by submitLead.
 */

export type Answer = 'json' | 'page';

/**
 * Re-renders the form's page with the visitor's entries and the messages (no JavaScript), and
 * the attribution field as it was posted (checked again), so the second send still says where
 * the visitor came from.
 */
export async function renderFormPage(
  c: Context<AppEnv>,
  form: LeadFormName,
  state: FormState,
  status: number,
  headers?: Record<string, string>,
  attribution?: string,
) {
  // The posted token is kept (its age is what counts); a form that came without one gets one.
  const fresh = await newFormState(c.env, form, state);
  const full: FormState = { ...fresh, token: state.token || fresh.token };
  const origin = c.env.SITE_ORIGIN;
  const page =
    form === 'contact' ? (
      <ContactPage formState={full} attribution={attribution} />
    ) : (
      <QuoteRequestPage formState={full} service={full.values.service || undefined} attribution={attribution} />
    );
  c.status(status as 200);
  c.header('Cache-Control', NO_STORE);
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  return c.render(
    page,
    form === 'contact' ? contactMeta(origin, c.var.content) : quoteRequestMeta(origin, c.var.content, full.values.service),
  );
}

/** The answer page: ?ref= and ?service= are shown only when they are what we write there. */
export function renderLeadSent(c: Context<AppEnv>, form: LeadFormName) {
  const ref = c.req.query('ref') ?? '';
  const reference = isLeadReference(ref) ? ref : undefined;
  const slug = c.req.query('service') ?? '';
  const service = form === 'quote' ? quoteRequestServiceTitle(slug, c.var.content.services) : undefined;
  // Moments after the post: the promise is worked out now, as the island's answer was.
  const bestTime = c.req.query('when') === 'asap' ? 'asap' : '';
  const promise = callBackPromise(c.var.content.site, bestTime, promiseClock(c.env, c.req.url));
  c.header('Cache-Control', NO_STORE);
  return c.render(
    <LeadSentPage
      form={form}
      reference={reference}
      service={service ? { slug, title: service } : undefined}
      confirmationEmail={confirmationsOn(c.env)}
      promise={promise}
    />,
    leadSentMeta(form, c.var.content, service),
  );
}

/**
 * 202 for JSON, with the lead's short reference and when to expect a call, for the sent panel;
 * 303 to the answer page for a form post, which shows the same reference (and names the quote's
 * service, and says whether the call was asked for as soon as possible) from its query.
 */
function accepted(c: Context<AppEnv>, form: LeadFormName, answer: Answer, id: string, values: FormState['values']) {
  const reference = leadReference(id);
  const bestTime = values['best-time'] ?? '';
  if (answer === 'json') {
    const { text: callBack, lineOpen } = callBackPromise(c.var.content.site, bestTime, promiseClock(c.env, c.req.url));
    return c.json({ ok: true, id, reference, callBack, lineOpen }, 202, { 'Cache-Control': NO_STORE });
  }
  const location = leadSentLocation(form, reference, form === 'quote' ? values.service : undefined, bestTime === 'asap');
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': NO_STORE } });
}

/**
 * A submission that was not taken: the message, field messages, and (without JavaScript) the
 * form again with the visitor's entries kept.
 */
function notTaken(
  c: Context<AppEnv>,
  form: LeadFormName,
  answer: Answer,
  result: Exclude<Submission, { outcome: 'accepted' }>,
  state: FormState,
  attribution: string,
) {
  const { status, message } = result;
  const fields = result.outcome === 'refused' ? result.fields : undefined;
  const headers: Record<string, string> = status === 429 ? { 'Retry-After': '60' } : {};
  if (answer === 'json') {
    return c.json(fields ? { error: message, fields } : { error: message }, status, { ...headers, 'Cache-Control': NO_STORE });
  }
  // The route's own notes (photos to choose again) stay unless a message for the same field replaces them.
  return renderFormPage(
    c,
    form,
    { ...state, errors: { ...state.errors, ...(fields ?? { [FORM_ERROR]: message }) } },
    status,
    headers,
    attribution,
  );
}

/** `attribution`: the posted hidden field, re-encoded after its checks (for the page again). */
export function answerSubmission(
  c: Context<AppEnv>,
  form: LeadFormName,
  answer: Answer,
  result: Submission,
  state: FormState,
  attribution: string,
) {
  return result.outcome === 'accepted'
    ? accepted(c, form, answer, result.id, state.values)
    : notTaken(c, form, answer, result, state, attribution);
}
