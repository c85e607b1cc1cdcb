import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { leadAttribution } from './attribution';
import { ATTRIBUTION_FIELD } from './field-names';
import { FORM_MESSAGES } from './form-messages';
import { deliverLead, leadFields, storeLead } from './outbox';
import { type FieldErrors, type LeadFormName, validateLead } from './schemas';
import { judgeSubmission, withinRateLimit } from './spam';

/**
 * The one front door for a lead, whatever carried it (JSON from an island, a form post without
 * JavaScript): validate, rate-limit, judge spam, store, and hand back the e-mail to send once
 * the visitor has their answer. It knows nothing of HTTP; src/routes/api.ts turns the result
 * into a response. Where the lead came from is the body's hidden attribution field and
 * `sentFrom`, the path the route read from the post's same-site Referer (null when none): both
 * are checked in src/leads/attribution.ts and stored with the lead, never a reason to refuse it.
 *
 * - accepted: stored (or dropped as spam, which must look the same to a bot). `deliver` starts
 *   the first send attempt, to run after the answer; null when nothing is to be sent now.
 * - refused: the visitor must change something (a field, the security check).
 * - retry: nothing was wrong with what they typed; send again (later, or with a fresh form).
 */
export type Submission =
  | { outcome: 'accepted'; id: string; deliver: (() => Promise<unknown>) | null }
  | { outcome: 'refused'; status: 400; message: string; fields?: FieldErrors }
  | { outcome: 'retry'; status: 400 | 429 | 503; message: string };

export async function submitLead(
  env: Bindings,
  form: LeadFormName,
  body: Record<string, unknown>,
  ip: string,
  now = Date.now(),
  sentFrom: string | null = null,
): Promise<Submission> {
  const validation = validateLead(form, body);
  if (!validation.ok) return { outcome: 'refused', status: 400, message: FORM_MESSAGES.invalid, fields: validation.errors };

  if (!(await withinRateLimit(env, ip))) return { outcome: 'retry', status: 429, message: FORM_MESSAGES.tooMany };

  const verdict = await judgeSubmission(env, form, body, ip, now);
  if (verdict.action === 'drop') {
    log.warn('lead dropped as spam', { form, rule: verdict.rule });
    return { outcome: 'accepted', id: crypto.randomUUID(), deliver: null };
  }
  if (verdict.action === 'retry') return { outcome: 'retry', status: 400, message: FORM_MESSAGES.sendAgain };
  if (verdict.action === 'challenge') return { outcome: 'refused', status: 400, message: FORM_MESSAGES.challenge };

  try {
    const attribution = leadAttribution(form, sentFrom, body[ATTRIBUTION_FIELD]);
    const lead = await storeLead(env, { ...leadFields(form, validation.data), ...attribution }, now);
    return { outcome: 'accepted', id: lead.id, deliver: lead.status === 'pending' ? () => deliverLead(env, lead) : null };
  } catch (error) {
    // Our fault, not the visitor's: the one 5xx a submission can get, and it says to call.
    log.error('lead could not be stored', { form, error: errorText(error) });
    return { outcome: 'retry', status: 503, message: FORM_MESSAGES.notStored };
  }
}
