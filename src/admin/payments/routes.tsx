import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { invoiceRow } from '../../db/payment-reads';
import { paymentsOfInvoice, recordManualPayment } from '../../db/payments';
import { errorResponse } from '../../http/errors';
import { londonDay, ukDayStart } from '../../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS } from '../../rules/invoice-state';
import { type PaymentFormValues, readPaymentForm } from '../../rules/payment-form';
import { formatPence } from '../../rules/quote-money';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { INVOICE_ID, INVOICES_PATH } from '../invoices/paths';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { InvoicePaymentsPage } from './InvoicePaymentsPage';
import { invoicePaymentsPath } from './paths';

/**
 * The payments of one invoice and the owner's "Record a payment": cash, cheque, the card machine
 * or a bank transfer, a part payment or the rest. The post carries the invoice's version; a stale
 * one changes nothing and answers 409 with the invoice as it now is. Payment and the invoice's
 * state are one batch (recordManualPayment). Logs and the audit log carry the invoice's id only.
 */
export const paymentRoutes = new Hono<AdminEnv>();
declareAccess(paymentRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

const PATH = `${INVOICES_PATH}/${INVOICE_ID}/payments`;

const NOTICES: Record<string, string> = { recorded: 'Payment recorded.' };

const findInvoice = (c: Ctx) => invoiceRow(d1Database(c.env), c.req.param('id') ?? '');

async function page(
  c: Ctx,
  invoice: NonNullable<Awaited<ReturnType<typeof findInvoice>>>,
  extra: {
    values?: PaymentFormValues;
    errors?: Partial<Record<keyof PaymentFormValues, string>>;
    problem?: string;
    notice?: string;
  } = {},
  status = 200,
) {
  const payments = await paymentsOfInvoice(d1Database(c.env), invoice.id);
  const values = extra.values ?? { amount: '', paidOn: londonDay(Date.now()), method: 'bank' };
  return renderAdmin(
    <InvoicePaymentsPage invoice={invoice} payments={payments} csrf={c.var.session.csrf} values={values} {...extra} />,
    signedIn(c, `Payments on ${invoice.number ?? 'a draft'}`, 'invoices'),
    status,
  );
}

const stale = (invoice: { state: keyof typeof INVOICE_STATE_LABELS; amountPaidPence: number }) =>
  `The invoice changed while you were looking at it: it is now ${INVOICE_STATE_LABELS[invoice.state].toLowerCase()}, with ${formatPence(invoice.amountPaidPence)} paid. Nothing was recorded from your form; here it is as it stands.`;

paymentRoutes.get(PATH, async (c) => {
  const invoice = await findInvoice(c);
  if (!invoice) return errorResponse(asAppContext(c), 404);
  const done = c.req.query('done');
  return page(c, invoice, { notice: done ? NOTICES[done] : undefined });
});

paymentRoutes.post(PATH, async (c) => {
  const invoice = await findInvoice(c);
  if (!invoice) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const values: PaymentFormValues = { amount: text('amount'), paidOn: text('paidOn'), method: text('method') };
  if (text('version') !== String(invoice.version)) return page(c, invoice, { values, problem: stale(invoice) }, 409);
  if (invoice.state !== 'issued' && invoice.state !== 'part_paid')
    return page(c, invoice, { values, problem: 'Nothing is left to pay on this invoice.' }, 409);
  const now = Date.now();
  const read = readPaymentForm(values, amountDue(invoice), londonDay(now));
  if (!read.ok) return page(c, invoice, { values, errors: read.errors }, 422);
  const updated = await recordManualPayment(
    d1Database(c.env),
    {
      invoiceId: invoice.id,
      version: invoice.version,
      amountPence: read.amountPence,
      method: read.method,
      paidOn: read.paidOn,
      personId: String(c.var.person.id),
    },
    ukDayStart(read.paidOn),
    now,
  );
  if (!updated) {
    const after = await findInvoice(c);
    return after ? page(c, after, { values, problem: stale(after) }, 409) : errorResponse(asAppContext(c), 404);
  }
  await audit(c, 'payment-recorded', 'invoice', invoice.id);
  return c.redirect(`${invoicePaymentsPath(invoice.id)}?done=recorded`, 303);
});
