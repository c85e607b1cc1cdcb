import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { expiredLeadIds } from '../../src/db/retention';
import worker from '../../src/index';
import { deleteLeadsPastRetention, RETENTION_BATCH, RETENTION_BATCHES_PER_RUN } from '../../src/privacy/retention';
import { allLogText, takeLogs } from '../support/console-guard';
import { addTestPhotos, DAY_MS, db, insertTestLead, leftovers, MINUTE_MS, storedIds, storedObjects } from './privacy-helpers';

// A fixed "now" long before any other test's leads, so a deletion here can only reach this
// file's rows even if the database were shared.
const NOW = Date.parse('2001-06-01T12:00:00Z');
const days = { handledDays: 365, unhandledDays: 730 };

/** Every lead this file writes is from before this; other files' leads are all after it. */
const THIS_FILES_ERA = Date.parse('2005-01-01T00:00:00Z');

beforeEach(async () => {
  // Each test counts deletions from a clean slate: earlier tests' kept leads are cleared.
  await env.DB.prepare('DELETE FROM leads WHERE created_at < ?').bind(THIS_FILES_ERA).run();
});

describe('expiredLeadIds', () => {
  it('picks a lead handled just over N days ago, not one handled just under', async () => {
    const longAgo = NOW - 1000 * DAY_MS;
    const kept = await insertTestLead({ createdAt: longAgo, handledAt: NOW - 365 * DAY_MS + MINUTE_MS });
    const gone = await insertTestLead({ createdAt: longAgo, handledAt: NOW - 365 * DAY_MS - MINUTE_MS });
    expect(await expiredLeadIds(db, NOW, days, 100)).toEqual([gone.id]);
    expect(await storedIds([kept.id, gone.id])).toEqual([kept.id, gone.id]);
  });

  it('picks an unhandled lead received just over N days ago, not one just under', async () => {
    await insertTestLead({ createdAt: NOW - 730 * DAY_MS + MINUTE_MS });
    const gone = await insertTestLead({ createdAt: NOW - 730 * DAY_MS - MINUTE_MS });
    expect(await expiredLeadIds(db, NOW, days, 100)).toEqual([gone.id]);
  });

  it('keeps an old lead handled recently: the handled clock starts when it is ticked off', async () => {
    await insertTestLead({ createdAt: NOW - 2000 * DAY_MS, handledAt: NOW - 10 * DAY_MS });
    expect(await expiredLeadIds(db, NOW, days, 100)).toEqual([]);
  });

  it('uses the configured days, not the defaults', async () => {
    const lead = await insertTestLead({ createdAt: NOW - 40 * DAY_MS, handledAt: NOW - 31 * DAY_MS });
    expect(await expiredLeadIds(db, NOW, { handledDays: 30, unhandledDays: 60 }, 100)).toEqual([lead.id]);
  });

  it('gives at most one batch, oldest first, and leaves recent leads alone', async () => {
    const expired = [];
    for (let i = 0; i < 7; i++) expired.push(await insertTestLead({ createdAt: NOW - (800 + i) * DAY_MS }));
    await insertTestLead({ createdAt: NOW - DAY_MS });
    const oldestFirst = expired.map((lead) => lead.id).reverse();
    expect(await expiredLeadIds(db, NOW, days, 3)).toEqual(oldestFirst.slice(0, 3));
    expect(await expiredLeadIds(db, NOW, days, 100)).toEqual(oldestFirst);
  });
});

/** Many expired leads in one statement (D1 binds too few values for a multi-row insert). */
async function insertOldLeads(count: number, createdAt: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO leads (id, kind, name, email, message, created_at, updated_at)
     SELECT 'old-' || i || '-' || ?2, 'contact', 'Secret Name', 'secret@example.org', 'secret message', ?3, ?3 FROM n`,
  )
    .bind(count, crypto.randomUUID(), createdAt)
    .run();
}

describe('the cron clean-up', () => {
  it('runs a bounded number of batches and logs the count only', async () => {
    const total = RETENTION_BATCH * RETENTION_BATCHES_PER_RUN + 5;
    await insertOldLeads(total, NOW - 800 * DAY_MS);
    expect(await deleteLeadsPastRetention(env, NOW)).toBe(RETENTION_BATCH * RETENTION_BATCHES_PER_RUN);
    expect(await deleteLeadsPastRetention(env, NOW)).toBe(5);
    expect(takeLogs('info', 'leads deleted by retention')).toEqual([
      { level: 'info', msg: 'leads deleted by retention', count: 500 },
      { level: 'info', msg: 'leads deleted by retention', count: 5 },
    ]);
    expect(allLogText()).not.toContain('secret');
  });

  it('erases through eraseLeads: the photos in R2 and the e-mails go with each lead', async () => {
    const expired = await insertTestLead({ createdAt: NOW - 800 * DAY_MS }, { customer: { status: 'failed' } });
    const current = await insertTestLead({ createdAt: NOW - DAY_MS });
    const expiredKeys = await addTestPhotos(expired.id, 3);
    const currentKeys = await addTestPhotos(current.id, 1);
    expect(await deleteLeadsPastRetention(env, NOW)).toBe(1);
    expect(await storedIds([expired.id, current.id])).toEqual([current.id]);
    expect(await storedObjects([...expiredKeys, ...currentKeys])).toEqual(currentKeys);
    expect(await leftovers([expired.id])).toBe(0);
    expect(takeLogs('info', 'leads deleted by retention')).toEqual([
      { level: 'info', msg: 'leads deleted by retention', count: 1 },
    ]);
  });

  it('reads the retention days from the vars', async () => {
    const lead = await insertTestLead({ createdAt: NOW - 20 * DAY_MS });
    expect(await deleteLeadsPastRetention({ ...env, LEAD_RETENTION_DAYS_UNHANDLED: '30' }, NOW)).toBe(0);
    expect(await deleteLeadsPastRetention({ ...env, LEAD_RETENTION_DAYS_UNHANDLED: '10' }, NOW)).toBe(1);
    expect(await storedIds([lead.id])).toEqual([]);
  });

  it('logs a failure without the data and returns what it managed', async () => {
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error('D1 is down');
        },
      } as unknown as D1Database,
    };
    expect(await deleteLeadsPastRetention(broken, NOW)).toBe(0);
    expect(takeLogs('error', 'lead retention run failed')).toEqual([
      { level: 'error', msg: 'lead retention run failed', error: 'Error: D1 is down', count: 0 },
    ]);
  });

  it('is run by the scheduled handler with the real clock', async () => {
    const expired = await insertTestLead({ createdAt: Date.now() - 731 * DAY_MS });
    const current = await insertTestLead({ createdAt: Date.now() - 729 * DAY_MS });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await storedIds([expired.id, current.id])).toEqual([current.id]);
  });
});
