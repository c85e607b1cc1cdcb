import { type Context, Hono } from 'hono';
import { findLeadView, listLeadsForAdmin } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { claimMessageForResend } from '../../db/lead-messages';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { deliverMessage } from '../../outbox/deliver';
import { mailerConfig } from '../../outbox/mailer';
import { LEASE_MS } from '../../outbox/retry-rule';
import { dismissNotice, noticesToShow } from '../../privacy/erasure-notices';
import { audit } from '../audit/audit';
import { declareAccess, mayOpen } from '../auth/access';
import { ADMIN_HOME } from '../shell/home';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { renderLeadPage } from './job-routes';
import { LEAD_NOTICES, type LeadNotice, LeadsPage } from './LeadsPage';
import { leadIdOf } from './lead-id';
import { leadQueryOf, leadsHref } from './lead-query';
import { erasureNoticeDonePath, LEAD_ID_PATTERN, LEADS_CSV_PATH } from './paths';

/** The leads section: the inbox, one lead, resend an e-mail (status and notes: job-routes.tsx). */
export const leadRoutes = new Hono<AdminEnv>();
/** Leads are office staff's work too; an engineer opens only the page of a job assigned to them. */
declareAccess(leadRoutes, { who: 'staff', except: { [`/admin/leads/:id{${LEAD_ID_PATTERN}}`]: 'engineer' } });

type Ctx = Context<AdminEnv>;

const countParam = (raw: string | undefined) => (raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined);
const noticeParam = (raw: string | undefined): LeadNotice | undefined => noticeFrom(LEAD_NOTICES, raw);

leadRoutes.get('/admin/leads', async (c) => {
  const query = leadQueryOf({ get: (name) => c.req.query(name) });
  const db = d1Database(c.env);
  const now = Date.now();
  const [{ rows, total, older, newer }, erasureNotices] = await Promise.all([
    listLeadsForAdmin(db, { start: query.start, filter: query }),
    noticesToShow(db, now),
  ]);
  return renderAdmin(
    <LeadsPage
      rows={rows}
      total={total}
      query={query}
      older={older}
      newer={newer}
      now={now}
      notice={noticeParam(c.req.query('notice'))}
      count={countParam(c.req.query('count'))}
      visits={countParam(c.req.query('visits'))}
      mayExport={mayOpen(c.var.person.role, LEADS_CSV_PATH)}
      erasureNotices={erasureNotices}
      csrf={c.get('session').csrf}
    />,
    signedIn(c, 'Leads', 'leads'),
  );
});

leadRoutes.get(`/admin/leads/:id{${LEAD_ID_PATTERN}}`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  return renderLeadPage(c, id, { notice: noticeParam(c.req.query('notice')) });
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
leadRoutes.post('/admin/leads/:id/messages/:kind/resend', async (c) => {
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
  const outcome = await deliverMessage(c.env, view.lead, message, view.photos.length, now, config);
  log.info('admin resent a lead e-mail', { id, message: kind, outcome: outcome?.status ?? 'not recorded' });
  await audit(c, 'lead-email-resent', 'lead', id);
  const status = outcome?.status ?? 'not-recorded';
  return backTo(c, status === 'cancelled' ? 'not-resendable' : status);
});

/** Where "Dealt with" may lead back to: the two pages that show the notices. */
const NOTICE_PAGES: ReadonlySet<string> = new Set(['/admin/leads', ADMIN_HOME]);

/** An erased lead's undelivered cancellation marked dealt with: gone for everyone; the audit line names its random id. */
leadRoutes.post(erasureNoticeDonePath(`:id{${LEAD_ID_PATTERN}}`), async (c) => {
  const id = c.req.param('id');
  const body = await c.req.parseBody();
  const back = typeof body.back === 'string' && NOTICE_PAGES.has(body.back) ? body.back : '/admin/leads';
  if (id && (await dismissNotice(d1Database(c.env), id))) await audit(c, 'erasure-notice-done', 'notice', id);
  return c.redirect(back, 303);
});
