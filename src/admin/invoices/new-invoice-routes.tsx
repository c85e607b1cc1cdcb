import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { openDepositInvoiceOf } from '../../db/deposit-invoices';
import { acceptedQuoteOf } from '../../db/invoices';
import { findLead } from '../../db/leads';
import { findQuote } from '../../db/quotes';
import { errorResponse } from '../../http/errors';
import { penceOfPounds } from '../../rules/money';
import { invoicingOf, vatRegisteredOf } from '../../site-content/invoicing';
import { serviceIn } from '../../site-content/view';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { type InvoiceValues, valuesForDeposit, valuesForJob } from './editor-values';
import { InvoiceEditorPage } from './InvoiceEditorPage';
import { INVOICES_PATH, isId, NEW_INVOICE_PATH } from './paths';

/**
 * A new invoice, prefilled: "Invoice this job" from a done job (`?lead=`: its accepted quote's lines
 * as accepted, else its service at the owner's "from" price), or a deposit on an accepted quote
 * (`?quote=`). Anything else is refused in words: an invoice bills a job or a quote.
 */
export const newInvoiceRoutes = new Hono<AdminEnv>();
declareAccess(newInvoiceRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

function editor(c: Ctx, values: InvoiceValues) {
  const page = (
    <InvoiceEditorPage
      invoiceId={null}
      version={0}
      values={values}
      vatRegistered={vatRegisteredOf(c.var.content.site)}
      csrf={c.var.session.csrf}
    />
  );
  return renderAdmin(page, signedIn(c, 'New invoice', 'invoices'));
}

const refuse = (c: Ctx, message: string) =>
  renderAdmin(
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">No invoice from here</h1>
      <p role="alert">{message}</p>
      <p>
        <a href={INVOICES_PATH}>All invoices</a>
      </p>
    </section>,
    signedIn(c, 'New invoice', 'invoices'),
    409,
  );

newInvoiceRoutes.get(NEW_INVOICE_PATH, async (c) => {
  const db = d1Database(c.env);
  const { termsDays } = invoicingOf(c.var.content.site);
  const quoteId = c.req.query('quote');
  if (isId(quoteId)) {
    const found = await findQuote(db, quoteId);
    if (!found) return errorResponse(asAppContext(c), 404);
    if (found.quote.state !== 'accepted')
      return refuse(c, 'A deposit is invoiced on an accepted quote; this one is not accepted.');
    if ((found.acceptance?.depositPence ?? 0) <= 0)
      return refuse(c, 'The customer accepted this quote without a deposit, so there is no deposit to invoice.');
    const open = await openDepositInvoiceOf(db, found.quote.id);
    if (open)
      return refuse(
        c,
        `This quote's deposit is invoiced already (${open.number ?? 'a draft'}). To change it, credit that invoice first.`,
      );
    return editor(c, valuesForDeposit(found, termsDays));
  }
  const leadId = c.req.query('lead');
  const lead = isId(leadId) ? await findLead(db, leadId) : undefined;
  if (!lead) return refuse(c, 'An invoice is written from a done job (its page) or from an accepted quote.');
  if (lead.jobStatus !== 'done') return refuse(c, 'Only a done job is invoiced: mark the job done first.');
  const acceptedId = await acceptedQuoteOf(db, lead.id);
  const accepted = acceptedId ? await findQuote(db, acceptedId) : undefined;
  const service = lead.service ? serviceIn(c.var.content, lead.service) : undefined;
  const price = service ? c.var.content.prices[service.slug] : undefined;
  const serviceLine = service && price ? { description: service.title, pence: penceOfPounds(price.from) } : undefined;
  return editor(c, valuesForJob(lead, accepted, serviceLine, vatRegisteredOf(c.var.content.site), termsDays));
});
