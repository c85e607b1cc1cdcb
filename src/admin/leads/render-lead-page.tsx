import type { Context } from 'hono';
import { findLeadView } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { invoicesOfLead } from '../../db/invoices';
import { jobMoney } from '../../db/job-money';
import { timelineOf } from '../../db/lead-jobs';
import { acceptedQuoteOfLead, quotesOfLead } from '../../db/quote-reads';
import { earlierJobsOf } from '../../db/returning';
import { siteRecordOf } from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { londonDay } from '../../rules/uk-time';
import { mayOpen } from '../auth/access';
import { seesMoney } from '../auth/roles';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { assignmentOf } from './assignment';
import type { FormError } from './form-error';
import { LeadPage } from './LeadPage';
import type { LeadNotice } from './notices';
import { deleteLeadPath } from './paths';

/**
 * The office's page of one lead (the job's own sheet is JobSheetPage, for whoever goes), with a notice
 * or a form sent back with its message (and that status code).
 */
export async function renderLeadPage(
  c: Context<AdminEnv>,
  id: string,
  options: { notice?: LeadNotice; formError?: FormError; status?: number } = {},
) {
  const db = d1Database(c.env);
  const [view, events, earlier, quotes, site, acceptedQuote, invoices, money] = await Promise.all([
    findLeadView(db, id),
    timelineOf(db, id),
    earlierJobsOf(db, id),
    quotesOfLead(db, id),
    siteRecordOf(db, id),
    acceptedQuoteOfLead(db, id),
    seesMoney(c.var.person.role) ? invoicesOfLead(db, id) : [],
    seesMoney(c.var.person.role) ? jobMoney(db, id) : undefined,
  ]);
  if (!view) return errorResponse(asAppContext(c), 404);
  const now = Date.now();
  const assignment = await assignmentOf(db, view.lead);
  return renderAdmin(
    <LeadPage
      view={view}
      events={events}
      csrf={c.get('session').csrf}
      now={now}
      today={londonDay(now)}
      notice={options.notice}
      formError={options.formError}
      assignment={assignment}
      earlier={earlier}
      showValues={seesMoney(c.var.person.role)}
      mayDelete={mayOpen(c.var.person.role, deleteLeadPath(id))}
      quotes={quotes}
      site={site}
      acceptedQuote={acceptedQuote}
      invoices={invoices}
      money={money}
    />,
    signedIn(c, view.lead.name, 'leads'),
    options.status ?? 200,
  );
}
