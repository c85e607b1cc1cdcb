import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { invoiceRow } from '../../db/payment-reads';
import { paymentsOfInvoice, recordManualPayment } from '../../db/payments';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { mailerConfig } from '../../outbox/mailer';
import { LEASE_MS } from '../../outbox/retry-rule';
import { londonDay, ukDayStart } from '../../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS, refundOwed } from '../../rules/invoice-state';
import { formatPence, poundsText } from '../../rules/money';
import { type PaymentFormValues, readPaymentForm } from '../../rules/payment-form';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { INVOICE_ID, INVOICES_PATH } from '../invoices/paths';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { InvoicePaymentsPage } from './InvoicePaymentsPage';
import { invoicePaymentsPath } from './paths';

/**
 * The payments of one invoice, the owner's "Record a payment" (cash, cheque, the card machine
 * or a bank transfer, a part payment or the rest) and "Record a refund" (money given back, never
 * more than was paid; a negative payment that settles the balance). The post carries the invoice's version; a stale
 * one changes nothing and answers 409 with the invoice as it now is. Payment and the invoice's
 * state are one batch (recordManualPayment), with the customer's receipt queued in it. Logs and the audit log carry the invoice's id only.
 */
export const paymentRoutes = new Hono<AdminEnv>();
declareAccess(paymentRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

const PATH = `${INVOICES_PATH}/${INVOICE_ID}/payments`;

const NOTICES: Record<string, string> = { recorded: 'Payment recorded.', refunded: 'Refund recorded.' };

const findInvoice = (c: Ctx) => invoiceRow(d1Database(c.env), c.req.param('id') ?? '');

async function page(
  c: Ctx,
  invoice: NonNullable<Awaited<ReturnType<typeof findInvoice>>>,
  extra: {
    values?: PaymentFormValues;
    errors?: Partial<Record<keyof PaymentFormValues, string>>;
    refundValues?: PaymentFormValues;
    refundErrors?: Partial<Record<keyof PaymentFormValues, string>>;
    problem?: string;
    notice?: string;
  } = {},
  status = 200,
) {
  const payments = await paymentsOfInvoice(d1Database(c.env), invoice.id);
  const blank = { amount: '', paidOn: londonDay(Date.now()), method: 'bank' };
  const values = extra.values ?? blank;
  const owed = refundOwed(invoice);
  const refundValues = extra.refundValues ?? { ...blank, amount: owed > 0 ? poundsText(owed) : '' };
  return renderAdmin(
    <InvoicePaymentsPage
      invoice={invoice}
      payments={payments}
      csrf={c.var.session.csrf}
      {...extra}
      values={values}
      refundValues={refundValues}
    />,
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

/** A payment (money in) or a refund (money given back, recorded negative), each from its own form. */
async function record(c: Ctx, kind: 'payment' | 'refund') {
  const invoice = await findInvoice(c);
  if (!invoice) return errorResponse(asAppContext(c), 404);
  const body = await c.req.parseBody();
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const values: PaymentFormValues = { amount: text('amount'), paidOn: text('paidOn'), method: text('method') };
  const shown = kind === 'refund' ? { refundValues: values } : { values };
  if (text('version') !== String(invoice.version)) return page(c, invoice, { ...shown, problem: stale(invoice) }, 409);
  if (kind === 'payment' && invoice.state !== 'issued' && invoice.state !== 'part_paid')
    return page(c, invoice, { ...shown, problem: 'Nothing is left to pay on this invoice.' }, 409);
  if (kind === 'refund' && (invoice.state === 'draft' || invoice.amountPaidPence <= 0))
    return page(c, invoice, { ...shown, problem: 'Nothing was paid on this invoice, so there is nothing to refund.' }, 409);
  const now = Date.now();
  const limit = kind === 'refund' ? invoice.amountPaidPence : amountDue(invoice);
  const read = readPaymentForm(values, limit, londonDay(now), kind);
  if (!read.ok) return page(c, invoice, { ...shown, [kind === 'refund' ? 'refundErrors' : 'errors']: read.errors }, 422);
  const updated = await recordManualPayment(
    d1Database(c.env),
    {
      invoiceId: invoice.id,
      version: invoice.version,
      amountPence: kind === 'refund' ? -read.amountPence : read.amountPence,
      method: read.method,
      paidOn: read.paidOn,
      personId: String(c.var.person.id),
    },
    ukDayStart(read.paidOn),
    now,
    // The customer's receipt, queued with a payment (not a refund); the owner recorded it and needs no word of it.
    {
      receipt: kind === 'payment',
      ownerMail: false,
      alerts: false,
      willSend: mailerConfig(c.env) !== null,
      leaseUntil: now + LEASE_MS,
    },
  );
  if (!updated) {
    const after = await findInvoice(c);
    return after ? page(c, after, { ...shown, problem: stale(after) }, 409) : errorResponse(asAppContext(c), 404);
  }
  await audit(c, kind === 'refund' ? 'refund-recorded' : 'payment-recorded', 'invoice', invoice.id);
  const leadId = updated.leadId;
  if (leadId && kind === 'payment')
    afterResponse(
      c,
      import('../../payments/payment-emails').then((m) => m.tellPaymentNow(c.env, leadId, now)),
    );
  return c.redirect(`${invoicePaymentsPath(invoice.id)}?done=${kind === 'refund' ? 'refunded' : 'recorded'}`, 303);
}

paymentRoutes.post(PATH, (c) => record(c, 'payment'));
paymentRoutes.post(`${PATH}/refund`, (c) => record(c, 'refund'));
