import { Hono } from 'hono';
import { listLeadsForAdmin } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { dismissNotice, noticesToShow } from '../../db/erasure-notices';
import { leadIdByReference } from '../../db/lead-reference';
import { errorResponse } from '../../http/errors';
import { audit } from '../audit/audit';
import { declareAccess, mayOpen } from '../auth/access';
import { ADMIN_HOME } from '../shell/home';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { engineersJob } from './engineer-access';
import { LEAD_NOTICES, type LeadNotice, LeadsPage } from './LeadsPage';
import { leadQueryOf } from './lead-query';
import { erasureNoticeDonePath, jobPath, LEAD_ID_PATTERN, LEADS_CSV_PATH, leadIdOf } from './paths';
import { renderLeadPage } from './render-lead-page';

/**
 * The leads section's pages: the inbox, and one lead's page, the office's lead page (LeadPage;
 * an engineer's job is its job sheet, /admin/jobs/<id>). What the lead page's forms
 * do is in action-routes.tsx; the photos in photo-routes.tsx; the owner's tools in owner-routes.tsx.
 */
export const leadRoutes = new Hono<AdminEnv>();
/** Leads are office staff's work too; an engineer opens only the page of a job assigned to them. */
declareAccess(leadRoutes, { who: 'staff', except: { [`/admin/leads/:id{${LEAD_ID_PATTERN}}`]: 'engineer' } });

const countParam = (raw: string | undefined) => (raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined);
const noticeParam = (raw: string | undefined): LeadNotice | undefined => noticeFrom(LEAD_NOTICES, raw);

leadRoutes.get('/admin/leads', async (c) => {
  const query = leadQueryOf({ get: (name) => c.req.query(name) });
  const db = d1Database(c.env);
  // A reference read out on the phone opens its lead; the list would show just that one row.
  const referenced = await leadIdByReference(db, query.q);
  if (referenced) return c.redirect(`/admin/leads/${referenced}`, 303);
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

/**
 * The office's whole lead. An engineer's job used to be here: that address now sends them on to
 * its job sheet (issue 57); any other lead is a 404 to them, as if it did not exist.
 */
leadRoutes.get(`/admin/leads/:id{${LEAD_ID_PATTERN}}`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  if (c.var.person.role === 'engineer') {
    const theirs = await engineersJob(d1Database(c.env), id, c.var.person.id);
    return theirs ? c.redirect(jobPath(id), 302) : errorResponse(asAppContext(c), 404);
  }
  return renderLeadPage(c, id, { notice: noticeParam(c.req.query('notice')) });
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
