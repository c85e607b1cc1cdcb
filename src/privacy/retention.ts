import { d1Database } from '../db/client';
import { deleteAcceptedQuotesBefore, deleteInvoicesBefore, deleteStaleDraftInvoices, expiredLeadIds } from '../db/retention';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { accountingRecordsDueBefore, financialRecordsKeptFrom } from '../rules/accounting-records';
import { ukWallClockToUtc } from '../rules/uk-time';
import { currentContent } from '../site-content/current';
import { invoicingOf } from '../site-content/invoicing';
import { eraseLeads } from './erase';
import { sendDueErasureMails } from './erasure-mail';
import { retentionDays } from './retention-settings';

/** Leads erased per batch, and batches per cron run: at most 500 leads a run. */
export const RETENTION_BATCH = 100;
export const RETENTION_BATCHES_PER_RUN = 5;

/**
 * The cron's clean-up: erases leads past their retention period (wrangler.jsonc
 * LEAD_RETENTION_DAYS_*) through eraseLeads, so their photos and e-mails go with them; a bounded
 * number per run, and a backlog is finished by the next runs. A customer whose visit is still
 * ahead is e-mailed its cancellation in the same run, not the next (`cancellationInserts`;
 * the cron's own sending job may hold a row at once, and then only one of them sends it). Logs
 * the count only, never what was deleted. A failure is logged and left for the next run.
 */
export async function deleteLeadsPastRetention(env: Bindings, now: number = Date.now()): Promise<number> {
  const db = d1Database(env);
  const days = retentionDays(env);
  let count = 0;
  try {
    for (let run = 0; run < RETENTION_BATCHES_PER_RUN; run++) {
      const ids = await expiredLeadIds(db, now, days, RETENTION_BATCH);
      count += await eraseLeads(env, ids, now);
      if (ids.length < RETENTION_BATCH) break;
    }
  } catch (error) {
    log.error('lead retention run failed', { error: errorText(error), count });
    return count;
  }
  if (count > 0) {
    log.info('leads deleted by retention', { count });
    await sendDueErasureMails(env, now);
  }
  return count;
}

/**
 * The cron's clean-up of accepted quotes: kept as accounting records after their customer is
 * erased, each is deleted (with its lines and acceptance) once six years have passed since the
 * end of its tax year (`accountingRecordsDueBefore`). Bounded like the leads'; logs the count only.
 */
export async function deleteAcceptedQuotesPastRetention(env: Bindings, now: number = Date.now()): Promise<number> {
  const db = d1Database(env);
  const before = accountingRecordsDueBefore(now);
  let count = 0;
  try {
    for (let run = 0; run < RETENTION_BATCHES_PER_RUN; run++) {
      const deleted = await deleteAcceptedQuotesBefore(db, before, RETENTION_BATCH);
      count += deleted;
      if (deleted < RETENTION_BATCH) break;
    }
  } catch (error) {
    log.error('accepted quote retention run failed', { error: errorText(error), count });
    return count;
  }
  if (count > 0) log.info('accepted quotes deleted by retention', { count });
  return count;
}

/** A draft invoice never issued is deleted once untouched this long: it is no accounting record. */
const DRAFT_INVOICE_DAYS = 365;

/**
 * The cron's clean-up of invoices (issue 49): kept, with their credit notes and payments, six years
 * after the end of the business's financial year (the business facts' year end, 31 March unless
 * set) in which the last of them fell, whoever asked to be erased; then deleted. Drafts never
 * issued go once untouched for a year. Bounded like the leads'; logs the counts only.
 */
export async function deleteInvoicesPastRetention(env: Bindings, now: number = Date.now()): Promise<number> {
  const db = d1Database(env);
  let count = 0;
  let drafts = 0;
  try {
    const { site } = await currentContent(env, now);
    const keptFrom = financialRecordsKeptFrom(now, invoicingOf(site).yearEnd);
    const [year, month, day] = keptFrom.split('-').map(Number) as [number, number, number];
    const keptFromAt = ukWallClockToUtc(Date.UTC(year, month - 1, day));
    for (let run = 0; run < RETENTION_BATCHES_PER_RUN; run++) {
      const deleted = await deleteInvoicesBefore(db, keptFrom, keptFromAt, RETENTION_BATCH);
      count += deleted;
      if (deleted < RETENTION_BATCH) break;
    }
    drafts = await deleteStaleDraftInvoices(db, now - DRAFT_INVOICE_DAYS * 86_400_000, RETENTION_BATCH);
  } catch (error) {
    log.error('invoice retention run failed', { error: errorText(error), count });
    return count;
  }
  if (count > 0) log.info('invoices deleted by retention', { count });
  if (drafts > 0) log.info('draft invoices deleted by retention', { count: drafts });
  return count;
}
