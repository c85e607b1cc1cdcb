import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import {
  createInvoiceDraft,
  deleteInvoiceDraft,
  findInvoice,
  type InvoiceDraft,
  listInvoices,
  saveInvoiceDraft,
} from '../../db/invoices';
import { findQuote } from '../../db/quotes';
import type { Invoice } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { depositLinesOf } from '../../invoices/deposit-lines';
import { deliverInvoiceMailNow, issueToCustomer } from '../../invoices/invoice-actions';
import { londonDay, ukDayStart } from '../../rules/invoice-dates';
import { type InvoiceForm, invoiceFormInput, invoiceFormSchema } from '../../rules/invoice-form';
import type { InvoiceKind } from '../../rules/invoice-state';
import { validate } from '../../rules/validation';
import { vatRegisteredOf } from '../../site-content/invoicing';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { actorOf } from '../leads/actor';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { type InvoiceValues, valuesOfPost } from './editor-values';
import { InvoiceEditorPage } from './InvoiceEditorPage';
import { InvoicesListPage } from './InvoicesListPage';
import { newInvoiceRoutes } from './new-invoice-routes';
import { INVOICE_ID, INVOICES_PATH, invoiceIdOf, invoicePath, isId } from './paths';
import { creditRoutes, refusal, renderInvoice } from './show-invoice';

/**
 * The owner's and the office's invoices (engineers never see money): the list, a draft written
 * from a done job or an accepted quote, saved ("Add a line" is a save that gives another line),
 * deleted (no number, so no gap) or issued (numbered and e-mailed). An issued invoice refuses
 * every edit and deletion with 409 and the way to correct it: a credit note. Every post carries
 * the version its page read; a stale one answers 409 naming the change.
 */
export const invoiceRoutes = new Hono<AdminEnv>();
declareAccess(invoiceRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);
const readVersion = (body: Record<string, unknown>) => Number(typeof body.version === 'string' ? body.version : NaN);

/**
 * The draft as posted; a deposit's lines are the server's, not the form's: the deposit the
 * customer accepted, by its rates. Undefined when that quote no longer has a deposit to invoice.
 */
async function draftOf(c: Ctx, form: InvoiceForm, link: InvoiceValues['link']): Promise<InvoiceDraft | undefined> {
  const { suppliedOn, ...rest } = form;
  const draft = { ...rest, ...link, suppliedAt: suppliedOn === '' ? null : ukDayStart(suppliedOn) };
  if (link.kind !== 'deposit') return draft;
  const quote = link.quoteId ? await findQuote(d1Database(c.env), link.quoteId) : undefined;
  const lines = quote?.quote.state === 'accepted' ? depositLinesOf(quote) : [];
  return lines.length > 0 ? { ...draft, lines } : undefined;
}

const MORE_DEPOSIT =
  'The deposits invoiced on this quote come to more than this invoice. Add the rest of the work, or credit the deposit invoice, before issuing.';
const NO_DEPOSIT = 'That quote has no accepted deposit to invoice any more (it was revised or declined).';

function linkOf(body: Record<string, unknown>): InvoiceValues['link'] {
  const kind: InvoiceKind = body.kind === 'deposit' ? 'deposit' : 'final';
  return { leadId: isId(body.lead) ? body.lead : null, quoteId: isId(body.quote) ? body.quote : null, kind };
}

/** The editor again, with what was posted and why it was refused. */
function refused(
  c: Ctx,
  props: { invoiceId: string | null; version: number; body: Record<string, unknown>; link: InvoiceValues['link'] },
  errors: Record<string, string> | undefined,
  problem: string | undefined,
  status: 409 | 422,
) {
  const page = (
    <InvoiceEditorPage
      invoiceId={props.invoiceId}
      version={props.version}
      values={valuesOfPost(props.body, props.link)}
      vatRegistered={vatRegisteredOf(c.var.content.site)}
      csrf={c.var.session.csrf}
      errors={errors}
      problem={problem}
    />
  );
  return renderAdmin(page, signedIn(c, 'Invoice', 'invoices'), status);
}

/** Saves, adds a line or issues, whichever button was pressed. */
async function afterSave(c: Ctx, saved: Invoice, action: string, form: InvoiceDraft, body: Record<string, unknown>) {
  if (action !== 'issue') return c.redirect(`${invoicePath(saved.id)}${action === 'add-line' ? '#add' : ''}`, 303);
  const props = { invoiceId: saved.id, version: saved.version, body, link: linkOf(body) };
  if (form.lines.length === 0) return refused(c, props, { lines: 'Add a line before issuing the invoice.' }, undefined, 422);
  const found = await findInvoice(d1Database(c.env), saved.id);
  const now = Date.now();
  const issued = found ? await issueToCustomer(c.env, found, c.var.content, actorOf(c), now) : undefined;
  if (issued && 'refused' in issued) return refused(c, props, undefined, MORE_DEPOSIT, 409);
  if (!issued) return refused(c, props, undefined, refusal((await findInvoice(d1Database(c.env), saved.id))?.invoice), 409);
  await audit(c, 'invoice-issued', 'invoice', issued.id);
  afterResponse(c, deliverInvoiceMailNow(c.env, issued, now));
  return c.redirect(invoicePath(issued.id), 303);
}

invoiceRoutes.get(INVOICES_PATH, async (c) => {
  const today = londonDay(Date.now());
  const rows = await listInvoices(d1Database(c.env), ukDayStart(today));
  return renderAdmin(<InvoicesListPage rows={rows} today={today} />, signedIn(c, 'Invoices', 'invoices'));
});

invoiceRoutes.route('/', newInvoiceRoutes);

invoiceRoutes.post(INVOICES_PATH, async (c) => {
  const body = await c.req.parseBody();
  const link = linkOf(body);
  const read = validate(invoiceFormSchema, invoiceFormInput(body));
  if (!read.ok) return refused(c, { invoiceId: null, version: 0, body, link }, read.errors, undefined, 422);
  const draft = await draftOf(c, read.data, link);
  if (!draft) return refused(c, { invoiceId: null, version: 0, body, link }, undefined, NO_DEPOSIT, 409);
  const id = await createInvoiceDraft(d1Database(c.env), draft, Date.now());
  await audit(c, 'invoice-saved', 'invoice', id);
  const found = await findInvoice(d1Database(c.env), id);
  return afterSave(c, found!.invoice, String(body.action ?? 'save'), draft, body);
});

invoiceRoutes.get(`${INVOICES_PATH}/${INVOICE_ID}`, async (c) => {
  const id = invoiceIdOf(c);
  const found = id ? await findInvoice(d1Database(c.env), id) : undefined;
  if (!found) return notFound(c);
  return renderInvoice(c, found);
});

invoiceRoutes.post(`${INVOICES_PATH}/${INVOICE_ID}`, async (c) => {
  const id = invoiceIdOf(c);
  const found = id ? await findInvoice(d1Database(c.env), id) : undefined;
  if (!found) return notFound(c);
  const { invoice } = found;
  const body = await c.req.parseBody();
  const link = { leadId: invoice.leadId, quoteId: invoice.quoteId, kind: invoice.kind };
  const props = { invoiceId: invoice.id, version: invoice.version, body, link };
  if (invoice.state !== 'draft') return renderInvoice(c, found, { problem: refusal(invoice), status: 409 });
  if (readVersion(body) !== invoice.version) return refused(c, props, undefined, refusal(invoice), 409);
  const read = validate(invoiceFormSchema, invoiceFormInput(body));
  if (!read.ok) return refused(c, props, read.errors, undefined, 422);
  const draft = await draftOf(c, read.data, link);
  if (!draft) return refused(c, props, undefined, NO_DEPOSIT, 409);
  const saved = await saveInvoiceDraft(d1Database(c.env), invoice.id, invoice.version, draft, Date.now());
  if (!saved) {
    const now = await findInvoice(d1Database(c.env), invoice.id);
    if (now && now.invoice.state !== 'draft') return renderInvoice(c, now, { problem: refusal(now.invoice), status: 409 });
    return refused(c, props, undefined, refusal(now?.invoice), 409);
  }
  await audit(c, 'invoice-saved', 'invoice', saved.id);
  return afterSave(c, saved, String(body.action ?? 'save'), draft, body);
});

invoiceRoutes.post(`${INVOICES_PATH}/${INVOICE_ID}/delete`, async (c) => {
  const id = invoiceIdOf(c);
  const found = id ? await findInvoice(d1Database(c.env), id) : undefined;
  if (!found) return notFound(c);
  const body = await c.req.parseBody();
  const deleted = await deleteInvoiceDraft(d1Database(c.env), found.invoice.id, readVersion(body));
  if (!deleted) {
    const now = await findInvoice(d1Database(c.env), found.invoice.id);
    if (!now) return c.redirect(INVOICES_PATH, 303);
    return renderInvoice(c, now, { problem: refusal(now.invoice), status: 409 });
  }
  await audit(c, 'invoice-deleted', 'invoice', found.invoice.id);
  return c.redirect(INVOICES_PATH, 303);
});

invoiceRoutes.route('/', creditRoutes);
