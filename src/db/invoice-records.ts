import { asc, eq, inArray } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import {
  type CreditNote,
  type CreditNoteLine,
  creditNoteLines,
  creditNotes,
  type Invoice,
  invoices,
  type Payment,
  payments,
} from './schema';

/** An invoice with its credit notes and payments, oldest first: what a person's export lists. */
export interface InvoiceRecord {
  invoice: Invoice;
  creditNotes: CreditNote[];
  payments: Payment[];
}

/**
 * The invoices of these leads (drafts too), and those of these ids (a person's with no lead:
 * `unlinkedMoneyOfPerson`), each with its credit notes and payments.
 */
export async function invoicesForLeads(
  db: Db,
  leadIds: readonly string[],
  unlinkedIds: readonly string[] = [],
): Promise<InvoiceRecord[]> {
  const found: InvoiceRecord[] = [];
  const scopes = [
    ...chunksOf([...leadIds]).map((chunk) => inArray(invoices.leadId, chunk)),
    ...chunksOf([...unlinkedIds]).map((chunk) => inArray(invoices.id, chunk)),
  ];
  for (const scope of scopes) {
    const rows = await db.select().from(invoices).where(scope).orderBy(asc(invoices.createdAt));
    if (rows.length === 0) continue;
    const ids = rows.map((row) => row.id);
    const [notes, paid] = await db.batch([
      db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, ids)).orderBy(asc(creditNotes.issuedAt)),
      db.select().from(payments).where(inArray(payments.invoiceId, ids)).orderBy(asc(payments.createdAt)),
    ]);
    for (const invoice of rows)
      found.push({
        invoice,
        creditNotes: notes.filter((note) => note.invoiceId === invoice.id),
        payments: paid.filter((payment) => payment.invoiceId === invoice.id),
      });
  }
  return found;
}

/** A credit note with its lines in order (what its e-mail shows). */
export async function findCreditNote(db: Db, id: string): Promise<{ note: CreditNote; lines: CreditNoteLine[] } | undefined> {
  const [notes, lines] = await db.batch([
    db.select().from(creditNotes).where(eq(creditNotes.id, id)),
    db.select().from(creditNoteLines).where(eq(creditNoteLines.creditNoteId, id)).orderBy(asc(creditNoteLines.position)),
  ]);
  return notes[0] ? { note: notes[0], lines } : undefined;
}

/** The credit notes on a lead's invoices, oldest first: the customer's page lists each under its invoice. */
export const creditNotesOfLead = (db: Db, leadId: string): Promise<CreditNote[]> =>
  db
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(creditNotes.issuedAt))
    .then((rows) => rows.map((row) => row.note));
