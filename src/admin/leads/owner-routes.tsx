import { type Context, Hono } from 'hono';
import { type LeadCursor, leadsForExport, leadViews, listWhere } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { invoicesForLeads } from '../../db/invoice-records';
import { eventsForLeads } from '../../db/lead-jobs';
import { findLead } from '../../db/leads';
import { deleteUnlinkedUnrecorded, findLeadsForPerson, unlinkedMoneyOfPerson } from '../../db/privacy';
import { quotesForLeads } from '../../db/quote-reads';
import { type SiteRecord, siteRecordOf } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { erasureCancelWords } from '../../jobs/visit-cancel';
import { log } from '../../log';
import { eraseLeads } from '../../privacy/erase';
import { sendDueErasureMails } from '../../privacy/erasure-mail';
import { type PersonSearch, validatePersonSearch } from '../../privacy/person-search';
import { subjectAccessExport } from '../../privacy/subject-access-export';
import { londonDay } from '../../rules/uk-time';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import { csvDownload } from '../shell/csv-download';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { LEAD_CSV_HEADER, leadCsvRow } from './csv';
import { DeleteLeadPage } from './DeleteLeadPage';
import { leadQueryOf } from './lead-query';
import { unsentCounts } from './PersonMoney';
import { PERSON_PATH, PersonPage, type PersonPageProps, type PersonSearchValues } from './PersonPage';
import { LEADS_CSV_PATH, leadIdOf } from './paths';

/**
 * The owner's tools over the leads' personal data: the leads as a spreadsheet, delete one lead,
 * find a person's leads, send them a copy, erase them. Logs carry ids and counts only: never a
 * name, an address or a number.
 */
export const leadOwnerRoutes = new Hono<AdminEnv>();
/** The export, deleting a lead and a person's privacy tools are the owner's. */
declareAccess(leadOwnerRoutes, { who: 'owner' });

type Ctx = Context<AdminEnv>;

const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);
const confirmed = async (c: Ctx) => (await c.req.parseBody()).confirm === 'yes';

async function leadToDelete(c: Ctx) {
  const id = leadIdOf(c);
  return id ? findLead(d1Database(c.env), id) : undefined;
}

const EXPORT_BATCH = 500;

/**
 * The leads the inbox shows with the same filter and search (every page of them) as CSV, newest
 * first, streamed in batches so the export scales with the table.
 */
leadOwnerRoutes.get(LEADS_CSV_PATH, async (c) => {
  await audit(c, 'leads-exported', 'leads', c.req.url.includes('?') ? 'filtered' : 'all');
  const db = d1Database(c.env);
  const where = listWhere(leadQueryOf({ get: (name) => c.req.query(name) }));
  const content = c.var.content;
  return csvDownload<LeadCursor>('leads', LEAD_CSV_HEADER, [
    async (cursor) => {
      const rows = await leadsForExport(db, cursor, EXPORT_BATCH, where);
      const last = rows.at(-1)?.lead;
      return {
        text: rows.map((row) => leadCsvRow(row, content)).join(''),
        next: last && rows.length === EXPORT_BATCH ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
  ]);
});

leadOwnerRoutes.get('/admin/leads/:id/delete', async (c) => {
  const lead = await leadToDelete(c);
  if (!lead) return notFound(c);
  return renderAdmin(<DeleteLeadPage lead={lead} csrf={c.get('session').csrf} />, signedIn(c, 'Delete lead', 'leads'));
});

leadOwnerRoutes.post('/admin/leads/:id/delete', async (c) => {
  const lead = await leadToDelete(c);
  if (!lead) return notFound(c);
  if (!(await confirmed(c))) {
    return renderAdmin(
      <DeleteLeadPage lead={lead} csrf={c.get('session').csrf} error="Tick the box to confirm, then press Delete." />,
      signedIn(c, 'Delete lead', 'leads'),
      400,
    );
  }
  const now = Date.now();
  // Read before the lead goes: whether its customer is owed the cancellation (the page said so).
  const visitCancelled = erasureCancelWords(lead, now) !== null;
  const count = await eraseLeads(c.env, [lead.id], now);
  afterResponse(c, sendDueErasureMails(c.env, now));
  log.info('admin deleted a lead', { id: lead.id, count });
  await audit(c, 'lead-deleted', 'lead', lead.id);
  return c.redirect(`/admin/leads?notice=${visitCancelled ? 'deleted-visit' : 'deleted'}`, 303);
});

/** The audit line's object: the leads' random ids (or 'none'), which say nothing about the person. */
const leadIds = (leads: { lead: { id: string } }[]) => (leads.length === 0 ? 'none' : leads.map(({ lead }) => lead.id).join(' '));

const renderPerson = (c: Ctx, props: Omit<PersonPageProps, 'csrf'>, status = 200) =>
  renderAdmin(<PersonPage csrf={c.get('session').csrf} {...props} />, signedIn(c, 'Find a person', 'leads'), status);

leadOwnerRoutes.get(PERSON_PATH, (c) => renderPerson(c, { values: { email: '', phone: '' } }));

type PersonRequest = { ok: true; values: PersonSearchValues; search: PersonSearch } | { ok: false; refused: Promise<Response> };

/** The search from a posted form (search, export, erase): checked, or the page with its error (400). */
async function personSearchOf(c: Ctx): Promise<PersonRequest> {
  const body = await c.req.parseBody();
  const values = {
    email: typeof body.email === 'string' ? body.email : '',
    phone: typeof body.phone === 'string' ? body.phone : '',
  };
  const checked = validatePersonSearch(values);
  if (!checked.ok) return { ok: false, refused: renderPerson(c, { values, error: checked }, 400) };
  return { ok: true, values, search: checked.search };
}

/** Exactly this person's leads, each with its e-mails and photos, and their quotes and invoices no lead holds. */
async function personsRecords(c: Ctx, search: PersonSearch) {
  const db = d1Database(c.env);
  const [leads, money] = await Promise.all([
    findLeadsForPerson(db, search).then((found) => leadViews(db, found)),
    unlinkedMoneyOfPerson(db, search),
  ]);
  return { leads, money };
}

leadOwnerRoutes.post(PERSON_PATH, async (c) => {
  const request = await personSearchOf(c);
  if (!request.ok) return request.refused;
  const { leads, money } = await personsRecords(c, request.search);
  return renderPerson(c, { values: request.values, results: { search: request.search, leads, money } });
});

/** A subject access answer: exactly this person's leads, every stored field, as one JSON file. */
leadOwnerRoutes.post(`${PERSON_PATH}/export`, async (c) => {
  const request = await personSearchOf(c);
  if (!request.ok) return request.refused;
  const { leads, money } = await personsRecords(c, request.search);
  const now = Date.now();
  log.info("admin exported a person's leads", { count: leads.length });
  // The leads' ids, never the e-mail or phone searched for.
  await audit(c, 'person-exported', 'leads', leadIds(leads));
  const ids = leads.map((view) => view.lead.id);
  const db = d1Database(c.env);
  const [events, quotes, invoices] = await Promise.all([
    eventsForLeads(db, ids),
    quotesForLeads(
      db,
      ids,
      money.quotes.map((quote) => quote.id),
    ),
    invoicesForLeads(
      db,
      ids,
      money.invoices.map((invoice) => invoice.id),
    ),
  ]);
  // One lead after another: a person has few leads, and each record is one batch.
  const site = new Map<string, SiteRecord>();
  for (const id of ids) site.set(id, await siteRecordOf(db, id));
  const answer = subjectAccessExport(leads, now, c.var.content, events, quotes, site, invoices);
  return new Response(JSON.stringify(answer, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-for-person-${londonDay(now)}.json"`,
      ...ADMIN_HEADERS,
    },
  });
});

/**
 * An erasure request: the search runs again here and exactly what it finds now is deleted (a
 * lead that arrived since the owner looked belongs to the same person and goes too).
 */
leadOwnerRoutes.post(`${PERSON_PATH}/erase`, async (c) => {
  const request = await personSearchOf(c);
  if (!request.ok) return request.refused;
  const { leads, money } = await personsRecords(c, request.search);
  if (!(await confirmed(c))) {
    const eraseError = 'Tick the box to confirm, then press Erase. Nothing was deleted.';
    return renderPerson(c, { values: request.values, results: { search: request.search, leads, money, eraseError } }, 400);
  }
  const now = Date.now();
  // Read before the leads go: how many visits ahead the customer is owed a cancellation of (the confirmation said so).
  const visits = leads.filter(({ lead }) => erasureCancelWords(lead, now) !== null).length;
  const count = await eraseLeads(
    c.env,
    leads.map(({ lead }) => lead.id),
    now,
  );
  // Their quotes and invoices no lead holds: the ones never sent go too; an accepted quote or issued invoice stays for the accounts.
  const drafts = unsentCounts(money);
  const unsent = drafts.quotes + drafts.invoices;
  await deleteUnlinkedUnrecorded(d1Database(c.env), money);
  afterResponse(c, sendDueErasureMails(c.env, now));
  log.info("admin erased a person's leads", { count, unsent });
  await audit(c, 'person-erased', 'leads', leadIds(leads));
  const notice = visits > 0 ? `erased-visit&visits=${visits}` : leads.length === 0 && unsent > 0 ? 'erased-unsent' : 'erased';
  return c.redirect(`/admin/leads?notice=${notice}&count=${count}`, 303);
});
