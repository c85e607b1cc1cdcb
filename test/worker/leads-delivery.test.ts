import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { BACKOFF_BASE_MS, MAX_ATTEMPTS } from '../../src/leads/outbox';
import { retryUnsentLeads } from '../../src/leads/scheduled';
import { allLogText, takeLogs } from '../support/console-guard';
import {
  contactLead,
  leadById,
  leadsByEmail,
  mailFor,
  messagesOf,
  ownerMailFor,
  ownerMessageOf,
  postForm,
  postJson,
  quoteLead,
  setMailMode,
} from './leads-helpers';

/**
 * Persist, then send: every accepted lead is in D1 before the owner's e-mail is tried, whatever
 * the mail server (a real HTTP server on 127.0.0.1) does with it. The customer's confirmation,
 * and the two messages' independence, are in leads-confirmation.test.ts; the failure cases here
 * run with confirmations off, so each lead has one message to follow.
 */

/** The Worker with only the owner's e-mail per lead. */
const ownerOnly = { ...env, LEAD_CONFIRMATIONS: 'off' };

afterEach(async () => {
  await setMailMode('accept');
});

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

describe('a contact message', () => {
  it('is stored, then e-mailed to the owner with reply-to the visitor', async () => {
    const input = await contactLead();
    const lead = await accepted(await postJson('/api/contact', input));
    expect(lead).toMatchObject({
      kind: 'contact',
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
    });
    expect(lead).toMatchObject({ bestTime: '', areaCheck: '' });
    const message = await ownerMessage(lead.id);
    expect(message).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(message.sentAt).toBeGreaterThan(0);

    const [mail, ...more] = await ownerMailFor(input.name);
    expect(more).toEqual([]);
    expect(mail!.headers['x-api-key']).toBe('test-key');
    expect(mail!.body.personalizations).toEqual([{ to: [{ email: env.LEADS_TO_EMAIL }] }]);
    expect(mail!.body.from).toEqual({ email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME });
    expect(mail!.body.reply_to).toEqual({ email: input.email, name: input.name });
    expect(mail!.body.subject).toBe(`New contact message from ${input.name}`);
    const [text, html] = mail!.body.content;
    expect(text!.type).toBe('text/plain');
    expect(text!.value).toContain(`Phone: ${input.phone}`);
    expect(text!.value).toContain(input.message);
    expect(html!.type).toBe('text/html');
    expect(html!.value).toContain('My outside drain is blocked.<br>Water is backing up.');
    expect(text!.value).toContain('Best time to call: No preference');
    expect(text!.value).toContain('Photos: None');
    expect(text!.value).toContain(`See this lead in the admin: ${env.SITE_ORIGIN}/admin/leads/${lead.id}`);
    expect(html!.value).toContain(`<a href="${env.SITE_ORIGIN}/admin/leads/${lead.id}"`);
  });

  it('escapes whatever the visitor wrote in the HTML body, and keeps it as typed in the text', async () => {
    const input = await contactLead({ message: '<script>alert("x")</script> & <img src=x onerror=alert(1)>' });
    input.name = `<b>Eve</b> "O'Neil" ${input.name}`;
    await accepted(await postJson('/api/contact', input));
    const [mail] = await ownerMailFor(input.email);
    const html = mail!.body.content[1]!.value;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>Eve');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; &quot;O&#39;Neil&quot;');
    expect(mail!.body.content[0]!.value).toContain(input.message);
    expect(mail!.body.subject).toBe(`New contact message from ${input.name}`);
  });
});

describe('a quote request', () => {
  it('names the service and the town in the subject', async () => {
    const input = await quoteLead({ service: 'drain-relining', address: '4 Mill Lane, Lymington SO41 9AA' });
    const lead = await accepted(await postJson('/api/quote', input));
    expect(lead).toMatchObject({ kind: 'quote', name: input['full-name'], address: input.address, service: 'drain-relining' });
    expect(lead.message).toBe(input.details);
    expect(lead.areaCheck).toBe('covered');
    const [mail] = await ownerMailFor(input.email);
    expect(mail!.body.subject).toBe('Quote request: Drain Relining & Repair, Lymington');
    expect(mail!.body.reply_to).toEqual({ email: input.email, name: input['full-name'] });
    expect(mail!.body.content[0]!.value).toContain(`Address: ${input.address}`);
    expect(mail!.body.content[0]!.value).toContain('Area: In an area we serve (SO41)');
  });

  it('defaults to a CCTV drain survey, takes the town from the address, and flags a postcode outside our areas', async () => {
    const input = await quoteLead({ service: '', address: '9 Elm Close, Verwood, BH31 7AA', 'best-time': 'evening' });
    const lead = await accepted(await postJson('/api/quote', input));
    expect(lead).toMatchObject({ areaCheck: 'outside', bestTime: 'evening' });
    const [mail] = await ownerMailFor(input.email);
    expect(mail!.body.subject).toBe('Quote request: CCTV drain survey, Verwood (outside our areas)');
    const text = mail!.body.content[0]!.value;
    expect(text).toContain('Area: OUTSIDE the areas we serve (BH31): confirm you can cover it');
    expect(text).toContain('Best time to call: Evening (5pm to 8pm)');
  });

  it('is accepted without a recognisable postcode, marked unknown rather than outside', async () => {
    const input = await quoteLead({ address: 'The Old Barn, Milford on Sea' });
    const lead = await accepted(await postJson('/api/quote', input));
    expect(lead.areaCheck).toBe('unknown');
    const [mail] = await ownerMailFor(input.email);
    expect(mail!.body.subject).toBe('Quote request: CCTV Drain Surveys, Milford on Sea');
    expect(mail!.body.content[0]!.value).toContain('Area: No postcode recognised: check the address');
  });
});

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
    await retryUnsentLeads(env, message.nextAttemptAt! - 1);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'retrying', attempts: 1 });
    await retryUnsentLeads(env, message.nextAttemptAt!);
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
    await retryUnsentLeads(env, message.nextAttemptAt!);
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
    await retryUnsentLeads(env, Date.now() + 24 * 60 * 60_000);
    expect(await ownerMessage(lead.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await mailFor(input.email)).toHaveLength(1);
  });

  it(`stops after ${MAX_ATTEMPTS} attempts and keeps the lead, its e-mail flagged failed`, async () => {
    await setMailMode('fail');
    const input = await contactLead();
    const lead = await accepted(await send(input));
    let message = await ownerMessage(lead.id);
    while (message.status === 'retrying') {
      await retryUnsentLeads(env, message.nextAttemptAt!);
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

describe('when the lead cannot be stored', () => {
  // A real storage failure: D1 itself refuses every insert into leads.
  const refuseInserts = () =>
    env.DB.prepare(
      "CREATE TRIGGER refuse_leads BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'storage unavailable'); END",
    ).run();
  afterEach(async () => {
    await env.DB.prepare('DROP TRIGGER IF EXISTS refuse_leads').run();
  });
  // D1's reason. The lead, its messages and its photos' rows go in one batch, which fails as one:
  // D1 names the reason, not the statement.
  const storageError = expect.stringMatching(
    /^Error: storage unavailable: SQLITE_CONSTRAINT.* \(in: D1_ERROR: storage unavailable/,
  );

  it('answers JSON 503 telling the visitor to call, and sends nothing', async () => {
    await refuseInserts();
    const input = await contactLead();
    const res = await postJson('/api/contact', input);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not save your message.*call us on 01632 960 123/);
    expect(takeLogs('error', 'lead could not be stored')).toEqual([
      { level: 'error', msg: 'lead could not be stored', form: 'contact', error: storageError },
    ]);
    expect(allLogText()).not.toContain(input.email);
    expect(await leadsByEmail(input.email)).toEqual([]);
    expect(await mailFor(input.email)).toEqual([]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM lead_messages WHERE lead_id NOT IN (SELECT id FROM leads)').first<{
        n: number;
      }>())!.n,
    ).toBe(0);
  });

  it('re-renders the form page with the entries kept for a form post', async () => {
    await refuseInserts();
    const input = await quoteLead();
    const res = await postForm('/api/quote', input);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('could not save your message');
    expect(html).toContain(`value="${input.email}"`);
    expect(html).toContain(`value="${input['full-name']}"`);
    expect(takeLogs('error', 'lead could not be stored')).toEqual([
      { level: 'error', msg: 'lead could not be stored', form: 'quote', error: storageError },
    ]);
  });
});
