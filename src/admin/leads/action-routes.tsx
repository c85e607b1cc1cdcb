import { type Context, Hono } from 'hono';
import { findLeadView } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { cancelWaitingReviews, insertNote, recordCallTap } from '../../db/lead-jobs';
import { claimMessageForResend } from '../../db/lead-messages';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { changeLeadStatus } from '../../jobs/change-status';
import { deliverQueuedNow } from '../../jobs/deliver-now';
import { giveJob } from '../../jobs/give-job';
import { undoDone } from '../../jobs/undo-done';
import { STORED_LEAD_MAIL } from '../../leads/composers';
import { log } from '../../log';
import { deliverMessage } from '../../outbox/deliver';
import { mailerConfig } from '../../outbox/mailer';
import { LEASE_MS } from '../../outbox/retry-rule';
import { isJobStatus } from '../../rules/job-status';
import { isCleanText } from '../../rules/text';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext } from '../shell/render';
import { actorOf } from './actor';
import { leadQueryOf, leadsHref } from './lead-query';
import { NOTE_MAX_CHARS } from './NoteForm';
import type { LeadNotice } from './notices';
import { calledPath, LEAD_ID_PATTERN, leadIdOf, leadPath } from './paths';
import { renderLeadPage } from './render-lead-page';

/**
 * What the office's lead page does: a status change, giving the job to someone, undoing done, not
 * sending the review request, a note, an e-mail sent again, a tap on Call or WhatsApp. One handler
 * per action, each the one place that action is written from, with its audit line (the lead's id
 * and the new status, never a note's text); a form refused comes back on the lead page
 * (renderLeadPage) with its message.
 */
export const leadActionRoutes = new Hono<AdminEnv>();
/** A lead's status and notes are office staff's work too. */
declareAccess(leadActionRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

const formValues = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key, value]) => key !== '_csrf' && key !== 'back' && typeof value === 'string')
      .map(([key, value]) => [key, (value as string).slice(0, NOTE_MAX_CHARS)]),
  );

/**
 * A tap on the lead page's Call or WhatsApp button, sent by its island
 * (ContactButtons) as the phone's app opens: on the timeline, and the lead's answer for the
 * dashboard if it is the first. The guard has checked the session and its CSRF token.
 */
leadActionRoutes.post(calledPath(`:id{${LEAD_ID_PATTERN}}`), async (c) => {
  const id = leadIdOf(c);
  if (!id) return c.json({ error: 'That lead no longer exists.' }, 404);
  const { channel } = await c.req.parseBody();
  if (channel !== 'call' && channel !== 'whatsapp') {
    return c.json({ error: 'Say which button was tapped: call or whatsapp.' }, 400);
  }
  const outcome = await recordCallTap(d1Database(c.env), id, channel, actorOf(c), Date.now());
  if (outcome === 'no-lead') return c.json({ error: 'That lead no longer exists.' }, 404);
  if (outcome === 'recorded') await audit(c, 'lead-called', 'lead', id);
  return c.json({ ok: true, recorded: outcome === 'recorded' });
});

leadActionRoutes.post(`/admin/leads/:id{${LEAD_ID_PATTERN}}/status`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const now = Date.now();
  const result = await changeLeadStatus(c.env, id, body, actorOf(c), now);
  if (!result.ok) {
    if (result.code === 404) return errorResponse(asAppContext(c), 404);
    const target = isJobStatus(body.status) ? body.status : 'new';
    return renderLeadPage(c, id, {
      formError: {
        target,
        field: result.field === 'status' ? undefined : result.field,
        message: result.message,
        values: formValues(body),
      },
      status: result.code,
    });
  }
  if (result.reassigned) {
    await audit(c, 'lead-assigned', 'lead', id);
    afterResponse(c, deliverQueuedNow(c.env, id, now));
    return c.redirect(`${leadPath(id)}?notice=assigned`, 303);
  }
  if (result.unchanged) return c.redirect(`${leadPath(id)}?notice=unchanged`, 303);
  log.info('lead status changed', { id, status: result.change.to });
  await audit(c, 'lead-status-changed', 'lead', `${id} ${result.change.to}`);
  // The booking's e-mail, the cancellation's, and any engineer's notice of the change.
  afterResponse(c, deliverQueuedNow(c.env, id, now));
  const notice = result.moved ? 'moved' : result.visitCancelled ? 'lost-visit' : result.change.to;
  return c.redirect(`${leadPath(id)}?notice=${notice}`, 303);
});

/**
 * Gives a booked job to someone else without touching the booking (the customer is not e-mailed):
 * a person still here, and a clash with their other jobs named unless the owner goes on anyway
 * (`giveJob`).
 */
leadActionRoutes.post(`/admin/leads/:id{${LEAD_ID_PATTERN}}/assign`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const now = Date.now();
  const result = await giveJob(c.env, id, body, actorOf(c), now);
  if (!result.ok) {
    if (result.code === 404) return errorResponse(asAppContext(c), 404);
    // A refusal of the person chosen comes back in the form; one without a field (the lead changed,
    // or is no longer booked) is said above the status steps, where it shows whatever the lead is now.
    const field = result.field === 'person' || result.field === 'overlap' ? result.field : undefined;
    return renderLeadPage(c, id, {
      formError: { target: field ? 'assign' : 'new', field, message: result.message, values: formValues(body) },
      status: result.code,
    });
  }
  log.info('job assigned', { id, person: result.personId });
  await audit(c, 'lead-assigned', 'lead', `${id} ${result.personId}`);
  afterResponse(c, deliverQueuedNow(c.env, id, now));
  return c.redirect(`${leadPath(id)}?notice=assigned`, 303);
});

leadActionRoutes.post(`/admin/leads/:id{${LEAD_ID_PATTERN}}/notes`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const note = typeof body.note === 'string' ? body.note.replace(/\r\n/g, '\n').trim() : '';
  const problem =
    note === ''
      ? 'Write the note first.'
      : note.length > NOTE_MAX_CHARS
        ? `A note can be at most ${NOTE_MAX_CHARS.toLocaleString('en-GB')} characters.`
        : !isCleanText(note)
          ? 'Please remove the unusual (control) characters from the note.'
          : null;
  if (problem) {
    return renderLeadPage(c, id, { formError: { target: 'note', message: problem, values: formValues(body) }, status: 422 });
  }
  // The one place a note is written; its audit line names the lead, never the text.
  if (!(await insertNote(d1Database(c.env), id, note, actorOf(c), Date.now()))) return errorResponse(asAppContext(c), 404);
  await audit(c, 'lead-noted', 'lead', id);
  return c.redirect(`${leadPath(id)}?notice=noted`, 303);
});

leadActionRoutes.post(`/admin/leads/:id{${LEAD_ID_PATTERN}}/undo-done`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  const result = await undoDone(c.env, id, await c.req.parseBody(), actorOf(c));
  if (!result.ok) {
    if (result.code === 404) return errorResponse(asAppContext(c), 404);
    return renderLeadPage(c, id, { formError: { target: 'done', message: result.message, values: {} }, status: result.code });
  }
  log.info('lead status changed', { id, status: result.to });
  await audit(c, 'lead-done-undone', 'lead', `${id} ${result.to}`);
  return c.redirect(`${leadPath(id)}?notice=undone`, 303);
});

leadActionRoutes.post(`/admin/leads/:id{${LEAD_ID_PATTERN}}/review/cancel`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  const db = d1Database(c.env);
  if (!(await findLeadView(db, id))) return errorResponse(asAppContext(c), 404);
  const cancelled = await cancelWaitingReviews(db, id, Date.now());
  if (cancelled === 0) return c.redirect(`${leadPath(id)}?notice=review-not-waiting`, 303);
  await audit(c, 'lead-review-cancelled', 'lead', id);
  return c.redirect(`${leadPath(id)}?notice=review-cancelled`, 303);
});

const LEAD_PAGE = new RegExp(`^/admin/leads/${LEAD_ID_PATTERN}$`);

/** Back to the page the form came from (a lead's own page, or the list page and filter), with a notice. */
async function backTo(c: Ctx, notice: LeadNotice) {
  const body = await c.req.parseBody();
  const back = typeof body.back === 'string' ? new URL(body.back, 'https://admin.invalid') : null;
  if (back && LEAD_PAGE.test(back.pathname)) return c.redirect(`${back.pathname}?notice=${notice}`, 303);
  const href = leadsHref(leadQueryOf(back?.searchParams ?? new URLSearchParams()));
  return c.redirect(`${href}${href.includes('?') ? '&' : '?'}notice=${notice}`, 303);
}

/**
 * Sends one failed or skipped e-mail of a lead again, now, through the outbox's own delivery (same
 * message, same mailer, outcome recorded on that message alone), and says how it went.
 */
leadActionRoutes.post('/admin/leads/:id/messages/:kind/resend', async (c) => {
  const id = leadIdOf(c);
  const kind = c.req.param('kind');
  if (!id || (kind !== 'owner' && kind !== 'customer')) return backTo(c, 'missing');
  const config = mailerConfig(c.env);
  if (!config) return backTo(c, 'mail-off');
  const db = d1Database(c.env);
  const now = Date.now();
  const message = await claimMessageForResend(db, id, kind, now, now + LEASE_MS);
  if (!message) return backTo(c, 'not-resendable');
  const view = await findLeadView(db, id);
  if (!view) return backTo(c, 'missing');
  // The message claimed is of `kind`, which the table of a stored lead's e-mails composes.
  const outcome = await deliverMessage(c.env, STORED_LEAD_MAIL, view.lead, { ...message, kind }, view.photos.length, now, config);
  log.info('admin resent a lead e-mail', { id, message: kind, outcome: outcome?.status ?? 'not recorded' });
  await audit(c, 'lead-email-resent', 'lead', id);
  const status = outcome?.status ?? 'not-recorded';
  return backTo(c, status === 'cancelled' ? 'not-resendable' : status);
});
