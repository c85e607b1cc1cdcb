import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type Invoice, invoices, payments } from './schema';

/**
 * What the ways money comes in start from: the invoice the owner records a payment on, the one a
 * customer pays by card from their page, and the latest Stripe payment the owner's alert names.
 * (The writes are `src/db/payments.ts`.)
 */

/** The invoice row alone (no lines): what its payments page shows and checks a payment against. */
export const invoiceRow = (db: Db, id: string): Promise<Invoice | undefined> =>
  db.select().from(invoices).where(eq(invoices.id, id)).get();

/** One of the lead's own invoices while something may be left to pay on it (issued or part paid). */
export const payableInvoiceOfLead = (db: Db, leadId: string, invoiceId: string): Promise<Invoice | undefined> =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.leadId, leadId), inArray(invoices.state, ['issued', 'part_paid'])))
    .get();

/** The lead's latest payment or refund through Stripe (negative: a refund), with its invoice's number. */
export const latestStripePaymentOfLead = (db: Db, leadId: string) =>
  db
    .select({ amountPence: payments.amountPence, number: invoices.number, invoiceId: invoices.id })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(invoices.leadId, leadId), isNotNull(payments.stripeEventId)))
    .orderBy(desc(payments.createdAt))
    .get();
