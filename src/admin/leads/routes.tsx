import { drizzle } from 'drizzle-orm/d1';
import { type Context, Hono } from 'hono';
import {
  ADMIN_LEADS_PER_PAGE,
  claimLeadForResend,
  type LeadCursor,
  type LeadFilter,
  leadsForExport,
  listLeadsForAdmin,
  setLeadHandled,
} from '../../db/admin-leads';
import { mailerConfig } from '../../leads/mailer';
import { deliverLead, LEASE_MS } from '../../leads/outbox';
import { log } from '../../log';
import { pageOrFirst } from '../../rules/page-number';
import { ADMIN_HEADERS, type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { csvRow, LEAD_CSV_HEADER, leadCsvRow } from './csv';
import { LEAD_NOTICES, type LeadNotice, LeadsPage, leadsHref } from './LeadsPage';
import { leadIdOf } from './lead-id';

/** The leads section: the list, resend, mark handled, CSV export. */
export const leadRoutes = new Hono<AdminEnv>();

type Ctx = Context<AdminEnv>;

const FILTERS: readonly LeadFilter[] = ['all', 'unhandled', 'problems'];
const filterParam = (raw: unknown): LeadFilter => (FILTERS.includes(raw as LeadFilter) ? (raw as LeadFilter) : 'all');

const countParam = (raw: string | undefined) => (raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined);

leadRoutes.get('/admin/leads', async (c) => {
  const page = pageOrFirst(c.req.query('page'));
  const filter = filterParam(c.req.query('filter'));
  const { rows, total } = await listLeadsForAdmin(drizzle(c.env.DB), { page, filter });
  const notice = c.req.query('notice');
  return renderAdmin(
    <LeadsPage
      rows={rows}
      total={total}
      page={page}
      pageCount={Math.max(1, Math.ceil(total / ADMIN_LEADS_PER_PAGE))}
      filter={filter}
      csrf={c.get('session').csrf}
      notice={notice && notice in LEAD_NOTICES ? (notice as LeadNotice) : undefined}
      count={countParam(c.req.query('count'))}
    />,
    signedIn(c, 'Leads', 'leads'),
  );
});

/** Back to the list page and filter the form came from, with a notice. */
async function backToList(c: Ctx, notice: LeadNotice) {
  const body = await c.req.parseBody();
  const back = typeof body.back === 'string' ? new URL(body.back, 'https://admin.invalid') : null;
  const href = leadsHref(pageOrFirst(back?.searchParams.get('page') ?? undefined), filterParam(back?.searchParams.get('filter')));
  return c.redirect(`${href}${href.includes('?') ? '&' : '?'}notice=${notice}`, 303);
}

/**
 * Sends a failed or skipped lead's e-mail again, now, through the outbox's own delivery (same
 * message, same mailer, outcome recorded on the lead), and says how it went.
 */
leadRoutes.post('/admin/leads/:id/resend', async (c) => {
  const id = leadIdOf(c);
  if (!id) return backToList(c, 'missing');
  const config = mailerConfig(c.env);
  if (!config) return backToList(c, 'mail-off');
  const now = Date.now();
  const lead = await claimLeadForResend(drizzle(c.env.DB), id, now, now + LEASE_MS);
  if (!lead) return backToList(c, 'not-resendable');
  const outcome = await deliverLead(c.env, lead, now, config);
  log.info('admin resent a lead', { id, outcome: outcome?.status ?? 'not recorded' });
  return backToList(c, outcome?.status ?? 'not-recorded');
});

leadRoutes.post('/admin/leads/:id/handled', async (c) => {
  const id = leadIdOf(c);
  const handled = (await c.req.parseBody()).handled !== 'no';
  if (!id || !(await setLeadHandled(drizzle(c.env.DB), id, handled, Date.now()))) return backToList(c, 'missing');
  return backToList(c, handled ? 'handled' : 'unhandled');
});

const EXPORT_BATCH = 500;

/** Every lead as CSV, newest first, streamed in batches so the export scales with the table. */
leadRoutes.get('/admin/leads.csv', (c) => {
  const db = drizzle(c.env.DB);
  const encoder = new TextEncoder();
  let cursor: LeadCursor | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(LEAD_CSV_HEADER)}`));
        return;
      }
      const rows = await leadsForExport(db, cursor, EXPORT_BATCH);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(leadCsvRow).join('')));
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) controller.close();
      else cursor = { createdAt: last.createdAt, id: last.id };
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${date}.csv"`,
      ...ADMIN_HEADERS,
    },
  });
});
