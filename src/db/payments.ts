import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../rules/payment-method';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { paymentStatements, settledStateSql } from './invoice-moves';
import { type PaymentTell, paymentNoticeStatements } from './payment-notices';
import { cancelSettledInvoiceReminders } from './reminders-stopped';
import { type Invoice, invoices, payments } from './schema';

/**
 * Payments against invoices. Each write is one D1 batch: the payment row, then the invoice's
 * `amount_paid_pence` and state worked out again from the sum of its payments (settleInvoice), so
 * a payment and the state it leads to are never apart, and the sum is right however payments
 * interleave. A payment by hand is conditional on the invoice's version the owner's form read;
 * one from Stripe on its event's id (unique), so a delivery repeated changes nothing.
 */

const paidSum = sql`(select coalesce(sum(p.amount_pence), 0) from payments p where p.invoice_id = invoices.id)`;

/**
 * The invoice's paid amount from its payments, and its state by the invoices' one settle rule
 * (`settledStateSql`); a deposit's time of supply is its first
 * payment. Only where the sum moved, so a delivery recorded before changes nothing (not even the
 * version). A draft is never touched.
 */
function settleInvoice(db: Db, invoiceId: SQL, paidAt: number, now: number) {
  const write = crypto.randomUUID();
  return [settleStatement(db, invoiceId, paidAt, now, write), cancelSettledInvoiceReminders(db, invoiceId, write, now)] as const;
}

function settleStatement(db: Db, invoiceId: SQL, paidAt: number, now: number, write: string) {
  return db
    .update(invoices)
    .set({
      amountPaidPence: paidSum,
      state: settledStateSql(paidSum, sql`${invoices.amountCreditedPence}`),
      taxPointAt: sql`case when ${invoices.kind} = 'deposit' then coalesce(${invoices.taxPointAt}, ${paidAt}) else ${invoices.taxPointAt} end`,
      version: sql`${invoices.version} + 1`,
      lastWrite: write,
      updatedAt: now,
    })
    .where(sql`${invoices.id} = ${invoiceId} and ${invoices.state} != 'draft' and ${invoices.amountPaidPence} != ${paidSum}`);
}

const changes = (result: unknown) => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

export interface ManualPayment {
  invoiceId: string;
  /** The invoice's version the owner's form read. */
  version: number;
  amountPence: number;
  method: PaymentMethod;
  paidOn: string;
  personId: string | null;
}

/**
 * Records a payment taken by hand with the invoices' own payment move (`paymentStatements`):
 * conditional on the version the owner's form read. Returns the invoice as it is after, or
 * undefined when it changed since the form was read.
 */
export async function recordManualPayment(db: Db, payment: ManualPayment, paidAt: number, now: number, tell?: PaymentTell) {
  const { statements, took } = paymentStatements(
    db,
    { id: payment.invoiceId, version: payment.version },
    payment.amountPence,
    paidAt,
    now,
  );
  const row = {
    id: crypto.randomUUID(),
    invoiceId: payment.invoiceId,
    amountPence: payment.amountPence,
    method: payment.method,
    paidOn: payment.paidOn,
    stripeEventId: null,
    stripePaymentIntent: null,
    createdAt: now,
    recordedBy: payment.personId,
  };
  const [updated] = await db.batch([
    ...statements,
    db.insert(payments).select(rowWhere(payments, row, took)),
    ...(tell ? paymentNoticeStatements(db, row.id, now, tell) : []),
  ]);
  return (updated as Invoice[])[0];
}

export interface StripePayment {
  eventId: string;
  invoiceId: string;
  amountPence: number;
  paymentIntent: string | null;
  paidOn: string;
  /** The instant it was paid (a deposit's time of supply). */
  paidAt: number;
}

/**
 * Records a Checkout session's payment once per event; returns the invoice's lead (for the
 * owner's alert) when this delivery recorded it, null when it was recorded before or the invoice
 * is unknown or a draft.
 */
export async function recordStripePayment(db: Db, payment: StripePayment, now: number, tell?: PaymentTell) {
  const id = crypto.randomUUID();
  const [inserted] = await db.batch([
    db
      .insert(payments)
      .select(
        sql`select ${id}, id, ${payment.amountPence}, 'stripe', ${payment.paidOn}, ${payment.eventId}, ${payment.paymentIntent}, ${now}, null
        from invoices where id = ${payment.invoiceId} and state != 'draft'`,
      )
      .onConflictDoNothing({ target: payments.stripeEventId }),
    ...settleInvoice(db, sql`${payment.invoiceId}`, payment.paidAt, now),
    ...(tell ? paymentNoticeStatements(db, id, now, tell) : []),
  ]);
  if (changes(inserted) !== 1) return null;
  return (await db.select({ leadId: invoices.leadId }).from(invoices).where(eq(invoices.id, payment.invoiceId)).get()) ?? null;
}

export interface StripeRefund {
  eventId: string;
  paymentIntent: string;
  /** What Stripe says is refunded of the charge so far, all refunds together. */
  refundedTotalPence: number;
  paidOn: string;
}

/**
 * Records a refund made in Stripe as a negative payment: what Stripe has refunded of the charge
 * so far, less the refunds of the same payment intent recorded before, so a second partial refund
 * adds only its own amount. Once per event; returns the invoice's lead when this delivery recorded it.
 */
export async function recordStripeRefund(db: Db, refund: StripeRefund, now: number, tell?: PaymentTell) {
  const id = crypto.randomUUID();
  const refundedBefore = sql`(select coalesce(-sum(r.amount_pence), 0) from payments r
    where r.stripe_payment_intent = ${refund.paymentIntent} and r.amount_pence < 0)`;
  // Never more than the charge itself: a refund event claiming more cannot make "paid" negative.
  const charged = sql`(select coalesce(sum(c.amount_pence), 0) from payments c
    where c.stripe_payment_intent = ${refund.paymentIntent} and c.amount_pence > 0)`;
  const refundedNow = sql`min(${refund.refundedTotalPence}, ${charged})`;
  const [inserted] = await db.batch([
    db
      .insert(payments)
      .select(
        sql`select ${id}, p.invoice_id, ${refundedBefore} - ${refundedNow}, 'stripe', ${refund.paidOn},
          ${refund.eventId}, ${refund.paymentIntent}, ${now}, null
        from payments p where p.stripe_payment_intent = ${refund.paymentIntent} and p.amount_pence > 0
          and ${refundedNow} > ${refundedBefore}
        limit 1`,
      )
      .onConflictDoNothing({ target: payments.stripeEventId }),
    ...settleInvoice(db, sql`(select invoice_id from payments where stripe_event_id = ${refund.eventId})`, now, now),
    ...(tell ? paymentNoticeStatements(db, id, now, tell) : []),
  ]);
  if (changes(inserted) !== 1) return null;
  return (
    (await db
      .select({ leadId: invoices.leadId })
      .from(invoices)
      .innerJoin(payments, eq(payments.invoiceId, invoices.id))
      .where(eq(payments.stripeEventId, refund.eventId))
      .get()) ?? null
  );
}

/** An invoice's payments, oldest first. */
export const paymentsOfInvoice = (db: Db, invoiceId: string) =>
  db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.paidOn), asc(payments.createdAt));

/** The invoices a customer sees on their page: issued ones of their job, newest first. */
export const customerInvoicesOfLead = (db: Db, leadId: string): Promise<Invoice[]> =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), inArray(invoices.state, ['issued', 'part_paid', 'paid', 'credited'])))
    .orderBy(sql`${invoices.issuedAt} desc`);
