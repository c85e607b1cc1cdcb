import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { STOPPABLE } from './job-changes';
import { invoices, leadMessages, quotes } from './schema';

/**
 * A reminder that will not go is not left waiting: it is cancelled in the same batch as the change
 * that stops it, so the lead's page never lists it as still to come. Quote reminders stop when the
 * quote is answered or withdrawn; invoice reminders when the invoice is paid or credited. Each is
 * one statement for the change's own batch, acting only where that change took (`last_write`).
 * Reminders carry their document's id before a colon in `about` (`<id>:<which>`).
 */

const aboutDocument = (id: SQL | string) => sql`substr(${leadMessages.about}, 1, 37) = ${id} || ':'`;

/** The quote's waiting reminders, where the write `write` closed it. */
export function cancelClosedQuoteReminders(db: Db, quoteId: string, write: string, now: number) {
  const closed = sql`exists (select 1 from ${quotes} where ${quotes.id} = ${quoteId} and ${quotes.lastWrite} = ${write}
    and ${quotes.state} in ('accepted', 'declined', 'withdrawn', 'superseded'))`;
  return db
    .update(leadMessages)
    .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        sql`${leadMessages.leadId} = (select ${quotes.leadId} from ${quotes} where ${quotes.id} = ${quoteId})`,
        eq(leadMessages.kind, 'quote-reminder'),
        inArray(leadMessages.status, [...STOPPABLE]),
        aboutDocument(quoteId),
        closed,
      ),
    );
}

/** The invoice's waiting reminders, where the write `write` left it paid or credited. */
export function cancelSettledInvoiceReminders(db: Db, invoiceId: SQL | string, write: string, now: number) {
  const settled = sql`exists (select 1 from ${invoices} where ${invoices.id} = ${invoiceId} and ${invoices.lastWrite} = ${write}
    and ${invoices.state} in ('paid', 'credited'))`;
  return db
    .update(leadMessages)
    .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        sql`${leadMessages.leadId} = (select ${invoices.leadId} from ${invoices} where ${invoices.id} = ${invoiceId})`,
        eq(leadMessages.kind, 'invoice-reminder'),
        inArray(leadMessages.status, [...STOPPABLE]),
        aboutDocument(invoiceId),
        settled,
      ),
    );
}
