import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sendDueLeadEmails } from '../../src/scheduled';
import { takeLogs } from '../support/console-guard';
import { messagesOf, ownerMailFor, tag } from './leads-helpers';

/**
 * Migration 0003 moves each existing lead's e-mail state from its own row into an 'owner'
 * message. Here leads are written as the code before 0003 wrote them (state on the lead, no
 * message), then 0003's own statement runs over them, as it does on the live database. Each test
 * file has its own D1, so these are the only leads here without messages.
 */

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0003_'))!;
const copyStatement = migration.queries.find((query) => /INSERT INTO `lead_messages`/.test(query))!;

async function insertOldLead(fields: {
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number | null;
  sentAt: number | null;
}) {
  const t = tag();
  const id = crypto.randomUUID();
  const now = Date.now() - 60_000;
  await env.DB.prepare(
    `INSERT INTO leads (id, kind, name, email, message, status, attempts, last_error, next_attempt_at, created_at, updated_at, sent_at)
     VALUES (?, 'contact', ?, ?, 'Blocked drain', ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      `Old ${t}`,
      `old.${t}@example.org`,
      fields.status,
      fields.attempts,
      fields.lastError,
      fields.nextAttemptAt,
      now,
      now,
      fields.sentAt,
    )
    .run();
  return { id, email: `old.${t}@example.org`, createdAt: now };
}

describe('migration 0003 on leads stored before it', () => {
  it('gives each its owner message with the state it had, and the cron carries on from there', async () => {
    const sent = await insertOldLead({
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: Date.now() - 50_000,
    });
    const failed = await insertOldLead({
      status: 'failed',
      attempts: 8,
      lastError: 'HTTP 400',
      nextAttemptAt: null,
      sentAt: null,
    });
    const retrying = await insertOldLead({
      status: 'retrying',
      attempts: 2,
      lastError: 'HTTP 500',
      nextAttemptAt: Date.now() - 1,
      sentAt: null,
    });
    expect(copyStatement).toBeDefined();
    await env.DB.prepare(copyStatement).run();

    const owner = async (id: string) => (await messagesOf(id)).owner!;
    expect(await owner(sent.id)).toMatchObject({
      kind: 'owner',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: sent.createdAt,
    });
    expect(await owner(failed.id)).toMatchObject({ status: 'failed', attempts: 8, lastError: 'HTTP 400', nextAttemptAt: null });
    expect(await owner(retrying.id)).toMatchObject({ status: 'retrying', attempts: 2, lastError: 'HTTP 500' });
    expect((await owner(sent.id)).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const lead of [sent, failed, retrying]) expect(Object.keys(await messagesOf(lead.id))).toEqual(['owner']);

    // The retry cron reads lead_messages alone: the old retrying lead is sent, nobody gets a confirmation.
    await sendDueLeadEmails(env, Date.now());
    expect(await owner(retrying.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(await ownerMailFor(retrying.email)).toHaveLength(1);
    expect(await ownerMailFor(sent.email)).toEqual([]);
    expect(takeLogs('info', 'lead retry run')).toEqual([{ level: 'info', msg: 'lead retry run', due: 1, tried: 1 }]);
  });
});
