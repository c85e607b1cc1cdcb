import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { D1Db as Db } from './client';
import { rowWhere } from './insert-where';
import { type LeadEvent, type LeadMessage, leadEvents, leadMessages } from './schema';

/**
 * What goes on a lead's side with a change to one of its documents (a quote, an invoice), in the
 * change's own batch: the timeline entry and the e-mails queued for the customer, each written only
 * where `lead` (SQL reading the document's lead where the change took) is not null. So a change
 * that did not take, or a document with no lead, writes none of them.
 */
export interface LeadRecord {
  actor: string;
  kind: Extract<LeadEvent['kind'], 'quote' | 'invoice'>;
  detail: SQL;
  /** E-mails to queue: sent at `dueAt` by the outbox (each re-checked by its composer when due). */
  mails: readonly { kind: LeadMessage['kind']; dueAt: number; about: string }[];
  willSend: boolean;
}

/**
 * A timeline entry's words around a document's number given in the same batch ('Invoice ' before,
 * ' issued' after): the number is read from the row in SQL, so the words are written around it there.
 */
export interface NumberedDetail {
  before: string;
  after: string;
}

/** The entry's words with `number` (SQL reading the document's number) between them. */
export const numberedDetail = ({ before, after }: NumberedDetail, number: SQL): SQL => sql`${before} || ${number} || ${after}`;

export function leadRecordStatements(db: Db, lead: SQL, now: number, record: LeadRecord): BatchItem<'sqlite'>[] {
  const present = sql`${lead} is not null`;
  return [
    db.insert(leadEvents).select(
      rowWhere(
        leadEvents,
        {
          id: crypto.randomUUID(),
          leadId: lead,
          createdAt: now,
          actor: record.actor,
          kind: record.kind,
          status: null,
          detail: record.detail,
        },
        present,
      ),
    ),
    ...record.mails.map((mail) =>
      db.insert(leadMessages).select(
        rowWhere(
          leadMessages,
          {
            id: crypto.randomUUID(),
            leadId: lead,
            kind: mail.kind,
            status: record.willSend ? 'pending' : 'skipped',
            nextAttemptAt: record.willSend ? mail.dueAt : null,
            createdAt: now,
            updatedAt: now,
            about: mail.about,
          },
          present,
        ),
      ),
    ),
  ];
}
