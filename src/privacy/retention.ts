import { SESSION_LIMITS } from '../admin/shell/session';
import { deleteEndedSessions } from '../db/admin-sessions';
import { deleteAuditPastRetention } from '../db/audit';
import { d1Database } from '../db/client';
import { deleteExpiredChallenges } from '../db/passkeys';
import { expiredLeadIds } from '../db/retention';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { eraseLeads } from './erase';
import { retentionDays } from './retention-settings';

/** Leads erased per batch, and batches per cron run: at most 500 leads a run. */
export const RETENTION_BATCH = 100;
export const RETENTION_BATCHES_PER_RUN = 5;

/**
 * The cron's clean-up: erases leads past their retention period (wrangler.jsonc
 * LEAD_RETENTION_DAYS_*) through eraseLeads, so their photos and e-mails go with them; a bounded
 * number per run, and a backlog is finished by the next runs. Logs the count only, never what
 * was deleted. A failure is logged and left for the next run.
 */
export async function deleteLeadsPastRetention(env: Bindings, now: number = Date.now()): Promise<number> {
  const db = d1Database(env);
  const days = retentionDays(env);
  let count = 0;
  try {
    for (let run = 0; run < RETENTION_BATCHES_PER_RUN; run++) {
      const ids = await expiredLeadIds(db, now, days, RETENTION_BATCH);
      count += await eraseLeads(env, ids);
      if (ids.length < RETENTION_BATCH) break;
    }
  } catch (error) {
    log.error('lead retention run failed', { error: errorText(error), count });
    return count;
  }
  if (count > 0) log.info('leads deleted by retention', { count });
  await sweepAdminRecords(env, now);
  return count;
}

/**
 * The admin's own records, in the same run: audit lines past two years (they hold no personal
 * data, but nothing is kept for ever), sessions past their limits and unanswered passkey
 * challenges (both refused anyway; this frees the rows). Counts only in the log.
 */
export async function sweepAdminRecords(env: Bindings, now: number = Date.now()): Promise<number> {
  const db = d1Database(env);
  try {
    const [auditLines] = await Promise.all([
      deleteAuditPastRetention(db, now),
      deleteEndedSessions(db, now, SESSION_LIMITS),
      deleteExpiredChallenges(db, now),
    ]);
    if (auditLines > 0) log.info('audit lines deleted by retention', { count: auditLines });
    return auditLines;
  } catch (error) {
    log.error('admin records sweep failed', { error: errorText(error) });
    return 0;
  }
}
