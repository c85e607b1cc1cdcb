import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { deliverStoredLead } from '../outbox/deliver';
import { deliverQueuedAlerts, queueAlerts } from '../push/outbox';
import { PHOTO_FIELD } from '../rules/photos';
import type { FieldErrors } from '../rules/validation';
import { currentContent } from '../site-content/current';
import { leadAttribution } from './attribution';
import { newLeadAlert, STORED_LEAD_MAIL } from './composers';
import { ATTRIBUTION_FIELD } from './field-names';
import { formMessages } from './form-messages';
import { leadFields } from './lead-fields';
import { deletePhotoObjects, photoObjectKeys, putLeadPhotos } from './photo-store';
import { checkPhotos, withSmallPhotos } from './photos';
import { type LeadFormName, validateLead } from './schemas';
import { judgeSubmission, withinRateLimit } from './spam';
import { storeLead } from './store-lead';

/**
 * The one front door for a lead, whatever carried it (an island's post, a form post without
 * JavaScript, JSON): validate (the fields and any photos), rate-limit, judge spam, store (the
 * photos in R2, then the lead, its messages and its photos' rows in D1), and hand back the
 * e-mails to send once the visitor has their answer. It knows nothing of HTTP; handleLead turns
 * the result into a response.
 * Where the lead came from is the body's hidden attribution field and `sentFrom`, the path the
 * route read from the post's same-site Referer (null when none): both are checked in
 * `leadAttribution` and stored with the lead, never a reason to refuse it.
 *
 * - accepted: stored (or dropped as spam, which must look the same to a bot; nothing is stored
 *   and nothing sent). `deliver` starts the first send of each message, to run after the answer;
 *   null when nothing is to be sent now.
 * - refused: the visitor must change something (a field, a photo, the security check). Nothing
 *   is stored: no row, no object.
 * - retry: nothing was wrong with what they sent; send again (later, or with a fresh form).
 */
export type Submission =
  | { outcome: 'accepted'; id: string; deliver: (() => Promise<unknown>) | null }
  | { outcome: 'refused'; status: 400 | 413; message: string; fields?: FieldErrors }
  | { outcome: 'retry'; status: 400 | 429 | 503; message: string };

export async function submitLead(
  env: Bindings,
  form: LeadFormName,
  body: Record<string, unknown>,
  ip: string,
  now = Date.now(),
  sentFrom: string | null = null,
): Promise<Submission> {
  const content = await currentContent(env, now);
  const FORM_MESSAGES = formMessages(content.site.phone.emergency.display);
  const validation = validateLead(form, body);
  const photos = await checkPhotos(body[PHOTO_FIELD]);
  if (!validation.ok || !photos.ok) {
    const fields = { ...(validation.ok ? {} : validation.errors), ...(photos.ok ? {} : { [PHOTO_FIELD]: photos.message }) };
    // A photo too large is a 413 when it is the only thing wrong.
    const status = validation.ok && !photos.ok ? photos.status : 400;
    return { outcome: 'refused', status, message: FORM_MESSAGES.invalid, fields };
  }

  if (!(await withinRateLimit(env, ip))) return { outcome: 'retry', status: 429, message: FORM_MESSAGES.tooMany };

  const verdict = await judgeSubmission(env, form, body, ip, now);
  if (verdict.action === 'drop') {
    log.warn('lead dropped as spam', { form, rule: verdict.rule });
    return { outcome: 'accepted', id: crypto.randomUUID(), deliver: null };
  }
  if (verdict.action === 'retry') return { outcome: 'retry', status: 400, message: FORM_MESSAGES.sendAgain };
  if (verdict.action === 'challenge') return { outcome: 'refused', status: 400, message: FORM_MESSAGES.challenge };

  // The photos go first (their keys carry the lead's id); if the lead then cannot be stored, they go again.
  const id = crypto.randomUUID();
  let written: Awaited<ReturnType<typeof putLeadPhotos>> = [];
  try {
    written = await putLeadPhotos(env.MEDIA, id, await withSmallPhotos(photos.photos, body));
    const attribution = leadAttribution(form, sentFrom, body[ATTRIBUTION_FIELD]);
    const stored = await storeLead(
      env,
      id,
      { ...leadFields(form, validation.data, content.areas.districts), ...attribution },
      written,
      now,
    );
    const pending = stored.messages.some((message) => message.status === 'pending');
    // The alerts on the owner's phones: queued before the answer (one statement; a failure is
    // logged and never refuses the lead, which is stored), tried after it with the e-mails.
    const alertsQueuedAt = await queueAlerts(env, id, 'new-lead', stored.lead.bestTime === 'asap', now);
    const deliver = () =>
      Promise.all([
        pending ? deliverStoredLead(env, STORED_LEAD_MAIL, stored) : null,
        deliverQueuedAlerts(env, id, alertsQueuedAt, newLeadAlert, now),
      ]);
    return { outcome: 'accepted', id, deliver: pending || alertsQueuedAt !== null ? deliver : null };
  } catch (error) {
    // Our fault, not the visitor's: the one 5xx a submission can get, and it says to call.
    log.error('lead could not be stored', { form, error: errorText(error) });
    await removeOrphanPhotos(env, id, written);
    return { outcome: 'retry', status: 503, message: FORM_MESSAGES.notStored };
  }
}

/** Photos written for a lead D1 then refused: deleted, so nothing is half-stored. */
async function removeOrphanPhotos(env: Bindings, id: string, written: Parameters<typeof photoObjectKeys>[0]) {
  if (written.length === 0) return;
  try {
    await deletePhotoObjects(env.MEDIA, photoObjectKeys(written));
  } catch (error) {
    log.error('photos of a lead that was not stored could not be deleted', {
      id,
      count: written.length,
      error: errorText(error),
    });
  }
}
