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

type Document = typeof quotes | typeof invoices;

/**
 * One statement: the document's waiting reminders of `kind` cancelled, where the write `write`
 * left it in one of `states` (its lead is the document's).
 */
function cancelReminders(
  db: Db,
  document: { table: Document; id: SQL | string; states: SQL },
  kind: 'quote-reminder' | 'invoice-reminder',
  write: string,
  now: number,
) {
  const { table, id, states } = document;
  const stopped = sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.lastWrite} = ${write} and ${table.state} in ${states})`;
  return db
    .update(leadMessages)
    .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        sql`${leadMessages.leadId} = (select ${table.leadId} from ${table} where ${table.id} = ${id})`,
        eq(leadMessages.kind, kind),
        inArray(leadMessages.status, [...STOPPABLE]),
        aboutDocument(id),
        stopped,
      ),
    );
}

/** The quote's waiting reminders, where the write `write` closed it. */
export const cancelClosedQuoteReminders = (db: Db, quoteId: string, write: string, now: number) =>
  cancelReminders(
    db,
    { table: quotes, id: quoteId, states: sql`('accepted', 'declined', 'withdrawn', 'superseded')` },
    'quote-reminder',
    write,
    now,
  );

/** The invoice's waiting reminders, where the write `write` left it paid or credited. */
export const cancelSettledInvoiceReminders = (db: Db, invoiceId: SQL | string, write: string, now: number) =>
  cancelReminders(db, { table: invoices, id: invoiceId, states: sql`('paid', 'credited')` }, 'invoice-reminder', write, now);
