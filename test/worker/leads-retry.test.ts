import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { BACKOFF_BASE_MS, MAX_ATTEMPTS } from '../../src/outbox/retry-rule';
import { sendDueLeadEmails } from '../../src/scheduled';
import { allLogText, takeLogs } from '../support/console-guard';
import { contactLead, leadById, mailFor, messagesOf, ownerMessageOf, postJson, setMailMode } from './leads-helpers';

/**
 * When the mail service fails, the lead is kept and its e-mail retried with backoff by the cron.
 * These run with confirmations off, so each lead has one message to follow; the two messages'
 * independence is in leads-confirmation.test.ts.
 */

afterEach(async () => {
  await setMailMode('accept');
});

/** The Worker with only the owner's e-mail per lead. */
const ownerOnly = { ...env, LEAD_CONFIRMATIONS: 'off' };

/** The warning a failed send that will be tried again leaves, for this lead's attempt. */
const willRetry = (id: string, attempts: number, reason: unknown) => ({
  level: 'warn',
  msg: 'lead e-mail failed, will retry',
  id,
  message: 'owner',
  attempts,
  reason,
  nextAttemptAt: expect.any(Number),
});

/** The error a send that will not be tried again leaves. */
const failedForGood = (id: string, attempts: number, reason: unknown) => ({
  level: 'error',
  msg: 'lead e-mail failed for good; the lead is kept',
  id,
  message: 'owner',
  attempts,
  reason,
});

async function accepted(res: Response) {
  expect(res.status).toBe(202);
  const body = (await res.json()) as { ok: boolean; id: string };
  expect(body.ok).toBe(true);
  const lead = await leadById(body.id);
  expect(lead).toBeDefined();
  return lead!;
}

/** The lead's e-mail to the owner, as the outbox holds it. */
const ownerMessage = async (leadId: string) => (await ownerMessageOf(leadId))!;

describe('when the mail service fails', () => {
  const send = (input: Record<string, unknown>) => postJson('/api/contact', input, { bindings: ownerOnly });

  it('keeps a throttled (429) lead and sends it on a later scheduled run', async () => {
    await setMailMode('throttle');
    const input = await contactLead();
    const before = Date.now();
    const lead = await accepted(await send(input));
    const message = await ownerMessage(lead.id);
    expect(message).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(message.lastError).toContain('HTTP 429');
    expect(message.nextAttemptAt).toBeGreaterThanOrEqual(before + BACKOFF_BASE_MS);
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([
      { ...willRetry(lead.id, 1, message.lastError), nextAttemptAt: message.nextAttemptAt },
    ]);

    // Time passes: the retry falls due, and the cron fires with the mail service back.
    await env.DB.prepare('UPDATE lead_messages SET next_attempt_at = ? WHERE id = ?')
      .bind(Date.now() - 1, message.id)
      .run();
    await setMailMode('accept');
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null, nextAttemptAt: null });
    expect(await mailFor(input.email)).toHaveLength(2);
  });

  it('retries after a 500 with backoff, and only once it is due', async () => {
    await setMailMode('fail');
    const input = await contactLead();
    const lead = await accepted(await send(input));
    const message = await ownerMessage(lead.id);
    expect(message).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(message.lastError).toContain('HTTP 500');
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([willRetry(lead.id, 1, message.lastError)]);

    await setMailMode('accept');
    await sendDueLeadEmails(env, message.nextAttemptAt! - 1);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'retrying', attempts: 1 });
    await sendDueLeadEmails(env, message.nextAttemptAt!);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up on a server that never answers, then retries it', async () => {
    await setMailMode('hang');
    const input = await contactLead();
    const lead = await accepted(await send(input));
    const message = await ownerMessage(lead.id);
    expect(message).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(message.lastError).toBe('timed out after 1000 ms');
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([willRetry(lead.id, 1, 'timed out after 1000 ms')]);
    await setMailMode('accept');
    await sendDueLeadEmails(env, message.nextAttemptAt!);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps a refused (400) lead, flags its e-mail failed and does not retry it', async () => {
    await setMailMode('reject');
    const input = await contactLead();
    const lead = await accepted(await send(input));
    expect(lead.name).toBe(input.name);
    const message = await ownerMessage(lead.id);
    expect(message).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(message.lastError).toContain('HTTP 400');
    expect(takeLogs('error', 'lead e-mail failed for good; the lead is kept')).toEqual([
      failedForGood(lead.id, 1, message.lastError),
    ]);
    expect(allLogText()).not.toContain(input.email);

    await setMailMode('accept');
    await sendDueLeadEmails(env, Date.now() + 24 * 60 * 60_000);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await mailFor(input.email)).toHaveLength(1);
  });

  it(`stops after ${MAX_ATTEMPTS} attempts and keeps the lead, its e-mail flagged failed`, async () => {
    await setMailMode('fail');
    const input = await contactLead();
    const lead = await accepted(await send(input));
    let message = await ownerMessage(lead.id);
    while (message.status === 'retrying') {
      await sendDueLeadEmails(env, message.nextAttemptAt!);
      message = await ownerMessage(lead.id);
    }
    expect(message).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(message.lastError).toContain(`gave up after ${MAX_ATTEMPTS} attempts`);
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual(
      Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => willRetry(lead.id, i + 1, expect.stringContaining('HTTP 500'))),
    );
    expect(takeLogs('error', 'lead e-mail failed for good; the lead is kept')).toEqual([
      failedForGood(lead.id, MAX_ATTEMPTS, message.lastError),
    ]);
    expect(await mailFor(input.email)).toHaveLength(MAX_ATTEMPTS);
    expect(await leadById(lead.id)).toBeDefined();
  });
});

describe('without a mail key (local development)', () => {
  it('stores the lead with both e-mails skipped and says so in the log', async () => {
    const input = await contactLead();
    const res = await postJson('/api/contact', input, { bindings: { ...env, MAILCHANNELS_API_KEY: undefined } });
    const lead = await accepted(res);
    const { owner, customer } = await messagesOf(lead.id);
    expect(owner).toMatchObject({ status: 'skipped', attempts: 0, nextAttemptAt: null });
    expect(customer).toMatchObject({ status: 'skipped', attempts: 0, nextAttemptAt: null });
    expect(takeLogs('warn', 'lead e-mail skipped: MAILCHANNELS_API_KEY is not set')).toEqual([
      { level: 'warn', msg: 'lead e-mail skipped: MAILCHANNELS_API_KEY is not set', id: lead.id },
    ]);
    expect(await mailFor(input.email)).toEqual([]);
  });
});
