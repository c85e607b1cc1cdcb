import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { ContactPage, contactMeta } from '../pages/ContactPage';
import { LeadSentPage, leadSentMeta, leadSentPath } from '../pages/LeadSentPage';
import { QuotePage, quoteMeta } from '../pages/QuotePage';
import { renderPage } from '../render/render';
import { site } from '../site';
import { FORM_ERROR, type FormState } from './form-state';
import { newFormState } from './form-token';
import type { FieldErrors, LeadFormName } from './schemas';

/**
 * The two ways a submission is answered: JSON for the islands and other callers, pages for a
 * browser posting the form without JavaScript.
 */

const call = `call us on ${site.phone.emergency.display}`;

/** Messages about the whole form (the field messages come from the schemas). */
export const FORM_MESSAGES = {
  invalid: 'Please check the highlighted fields.',
  tooMany: `You have sent several messages in a short time. Please wait a minute and try again, or ${call}.`,
  notStored: `Sorry, we could not save your message just now. Please try again in a few minutes, or ${call}.`,
  sendAgain: 'Please check your details and send the form again.',
  challenge: 'Please complete the security check and send the form again.',
  tooLarge: `Your message is too long to send. Please shorten it, or ${call}.`,
} as const;

export type Answer = 'json' | 'page';

/** Re-renders the form's page with the visitor's entries and the messages (no JavaScript). */
export async function renderFormPage(
  c: Context<AppEnv>,
  form: LeadFormName,
  state: FormState,
  status: number,
  headers?: Record<string, string>,
) {
  // The posted token is kept (its age is what counts); a form that came without one gets one.
  const fresh = await newFormState(c.env, form, state);
  const full: FormState = { ...fresh, token: state.token || fresh.token };
  const origin = c.env.SITE_ORIGIN;
  const page =
    form === 'contact' ? (
      <ContactPage formState={full} />
    ) : (
      <QuotePage formState={full} service={full.values.service || undefined} />
    );
  return renderPage(c, page, form === 'contact' ? contactMeta(origin) : quoteMeta(origin), {
    status,
    cacheControl: NO_STORE,
    headers,
  });
}

export const renderLeadSent = (c: Context<AppEnv>, form: LeadFormName) =>
  renderPage(c, <LeadSentPage form={form} />, leadSentMeta(form));

/** 202 for JSON; 303 to the confirmation page for a form post. */
export function accepted(c: Context<AppEnv>, form: LeadFormName, answer: Answer, id: string) {
  if (answer === 'json') return c.json({ ok: true, id }, 202, { 'Cache-Control': NO_STORE });
  return new Response(null, { status: 303, headers: { Location: leadSentPath(form), 'Cache-Control': NO_STORE } });
}

/** A refusal the visitor can act on: the message, field messages, and their entries kept. */
export function refused(
  c: Context<AppEnv>,
  form: LeadFormName,
  answer: Answer,
  status: 400 | 413 | 429 | 503,
  message: string,
  state: FormState,
  fields?: FieldErrors,
) {
  const headers: Record<string, string> = status === 429 ? { 'Retry-After': '60' } : {};
  if (answer === 'json') {
    return c.json(fields ? { error: message, fields } : { error: message }, status, { ...headers, 'Cache-Control': NO_STORE });
  }
  const errors = fields ?? { [FORM_ERROR]: message };
  return renderFormPage(c, form, { ...state, errors }, status, headers);
}
