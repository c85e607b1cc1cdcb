import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findInvoice, type InvoiceWithLines } from '../../db/invoices';
import type { Invoice } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { creditNoteFor, deliverInvoiceMailNow } from '../../invoices/invoice-actions';
import { sellerFor } from '../../invoices/seller';
import { londonDay } from '../../rules/invoice-dates';
import { partCreditSchema } from '../../rules/invoice-form';
import { INVOICE_STATE_LABELS, invoiceStatus } from '../../rules/invoice-state';
import { latePaymentOf } from '../../rules/invoice-terms';
import { validate } from '../../rules/validation';
import { invoicingOf, vatRegisteredOf } from '../../site-content/invoicing';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { actorOf } from '../leads/actor';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { valuesOfInvoice } from './editor-values';
import { InvoiceEditorPage } from './InvoiceEditorPage';
import { InvoicePage } from './InvoicePage';
import { INVOICE_ID, INVOICES_PATH, invoiceIdOf, invoicePath } from './paths';

type Ctx = Context<AdminEnv>;

/** Why a change to an invoice was refused, naming what it is now. */
export function refusal(invoice: Invoice | undefined): string {
  if (!invoice) return 'The invoice was deleted while you were looking at it. Nothing was saved.';
  if (invoice.state !== 'draft')
    return `Invoice ${invoice.number} is issued (${INVOICE_STATE_LABELS[invoice.state].toLowerCase()}): an issued invoice is never changed or deleted. To correct it, write a credit note.`;
  return `The invoice changed while you were looking at it (saved ${invoice.version} times). Nothing was saved from your form; here it is as it stands.`;
}

/**
 * An invoice's page: a draft's editor, or an issued invoice's document with its credit-note forms,
 * with a refusal's message and status when one is given. A business customer's overdue invoice
 * shows the statutory late-payment interest and fixed sum when the owner turned them on.
 */
export function renderInvoice(
  c: Ctx,
  found: InvoiceWithLines,
  options: { problem?: string; status?: 409 | 422; errors?: Record<string, string> } = {},
) {
  const { invoice } = found;
  if (invoice.state === 'draft') {
    const page = (
      <InvoiceEditorPage
        invoiceId={invoice.id}
        version={invoice.version}
        values={valuesOfInvoice(found)}
        vatRegistered={vatRegisteredOf(c.var.content.site)}
        csrf={c.var.session.csrf}
        problem={options.problem}
      />
    );
    return renderAdmin(page, signedIn(c, 'Draft invoice', 'invoices'), options.status);
  }
  const status = invoiceStatus(invoice.state, invoice.dueAt === null ? null : londonDay(invoice.dueAt), londonDay(Date.now()));
  const settings = invoicingOf(c.var.content.site);
  const late = latePaymentOf(invoice, settings, status.daysOverdue);
  const page = (
    <InvoicePage
      found={found}
      seller={sellerFor(invoice, c.var.content)}
      status={status}
      late={late}
      csrf={c.var.session.csrf}
      problem={options.problem}
      errors={options.errors}
    />
  );
  return renderAdmin(page, signedIn(c, invoice.number ?? 'Invoice', 'invoices'), options.status);
}

/** Credit notes: all of what is left, or one part of it, from a page read at the invoice's version. */
export const creditRoutes = new Hono<AdminEnv>();
declareAccess(creditRoutes, { who: 'staff' });

creditRoutes.post(`${INVOICES_PATH}/${INVOICE_ID}/credit`, async (c) => {
  const id = invoiceIdOf(c);
  const found = id ? await findInvoice(d1Database(c.env), id) : undefined;
  if (!found) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const { invoice } = found;
  if (invoice.state === 'draft')
    return renderInvoice(c, found, { problem: 'A draft has nothing to credit: change it, or delete it.', status: 409 });
  if (Number(body.version) !== invoice.version)
    return renderInvoice(c, found, {
      problem: `The invoice changed while you were looking at it: it is now ${INVOICE_STATE_LABELS[invoice.state].toLowerCase()}. Nothing was credited.`,
      status: 409,
    });
  const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, 500) : '';
  let what: Parameters<typeof creditNoteFor>[2];
  if (body.whole === 'yes') what = { whole: true, reason };
  else {
    const read = validate(partCreditSchema, { description: body.description, amount: body.amount, reason: body.reason });
    if (!read.ok) return renderInvoice(c, found, { errors: read.errors, status: 422 });
    what = { whole: false, reason: read.data.reason, description: read.data.description, netPence: read.data.amount };
  }
  const now = Date.now();
  const done = await creditNoteFor(c.env, found, what, actorOf(c), now);
  if (!done) {
    const current = (await findInvoice(d1Database(c.env), invoice.id))!;
    return renderInvoice(c, current, {
      problem: 'Nothing was credited: the amount is more than can still be credited, or the invoice changed since you read it.',
      status: 409,
    });
  }
  await audit(c, 'invoice-credited', 'invoice', invoice.id);
  afterResponse(c, deliverInvoiceMailNow(c.env, done.invoice, now, done.creditNoteId));
  return c.redirect(invoicePath(invoice.id), 303);
});
