import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { alertRowsStatement } from './push-messages';
import { invoices, leadMessages, payments } from './schema';

/**
 * Who is told of a payment, queued in the payment's own batch so a Worker stopped after the answer
 * loses none of it: the customer's receipt, the owner's e-mail and the owner's phone alerts, each
 * about the payment (`about`: its id) and written only where the payment row was written and its
 * invoice belongs to a lead (whose outbox carries them). A payment recorded before writes none.
 */
export interface PaymentTell {
  /** The customer's receipt ('receipt'). */
  receipt: boolean;
  /** The owner's e-mail ('payment'). */
  ownerMail: boolean;
  /** The owner's alerts ('payment'); none where alerts are off, or where the owner recorded it. */
  alerts: boolean;
  /** False without a mail key: the e-mails are written as skipped. */
  willSend: boolean;
  /** Every row is leased until then for its first try after the answer; the cron takes over after. */
  leaseUntil: number;
}

export function paymentNoticeStatements(db: Db, paymentId: string, now: number, tell: PaymentTell): BatchItem<'sqlite'>[] {
  const lead = sql`(select i.lead_id from payments p join invoices i on i.id = p.invoice_id where p.id = ${paymentId})`;
  const kinds = [...(tell.receipt ? (['receipt'] as const) : []), ...(tell.ownerMail ? (['payment'] as const) : [])];
  const mails = kinds.map((kind) =>
    db.insert(leadMessages).select(
      rowWhere(
        leadMessages,
        {
          id: crypto.randomUUID(),
          leadId: lead,
          kind,
          status: tell.willSend ? 'pending' : 'skipped',
          nextAttemptAt: tell.willSend ? tell.leaseUntil : null,
          createdAt: now,
          updatedAt: now,
          about: paymentId,
        },
        sql`${lead} is not null`,
      ),
    ),
  );
  const alerts = tell.alerts ? [alertRowsStatement(db, lead, 'payment', now, tell.leaseUntil)] : [];
  return [...mails, ...alerts];
}

/**
 * A payment as its receipt and the owner's e-mail tell it: the payment, its invoice, and what had
 * been paid on the invoice up to and with it (so a receipt sent late still says what was left then).
 */
export async function paymentForNotice(db: Db, paymentId: string) {
  const found = await db
    .select({ payment: payments, invoice: invoices })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.id, paymentId))
    .get();
  if (!found) return undefined;
  const paid = await db
    .select({ pence: sql<number>`coalesce(sum(${payments.amountPence}), 0)` })
    .from(payments)
    .where(and(eq(payments.invoiceId, found.invoice.id), lte(payments.createdAt, found.payment.createdAt)))
    .get();
  return { ...found, paidUpToPence: paid?.pence ?? 0 };
}

/** The payment's e-mails a batch just queued for this lead, not tried yet: their first try after the answer. */
export const paymentMailQueued = (db: Db, leadId: string, queuedAt: number) =>
  db
    .select()
    .from(leadMessages)
    .where(
      and(
        eq(leadMessages.leadId, leadId),
        eq(leadMessages.createdAt, queuedAt),
        eq(leadMessages.status, 'pending'),
        inArray(leadMessages.kind, ['receipt', 'payment']),
      ),
    );
