import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { allLogText, takeLogs } from '../support/console-guard';
import {
  contactLead,
  leadById,
  leadsByEmail,
  mailFor,
  ownerMailFor,
  ownerMessageOf,
  postForm,
  postJson,
  quoteLead,
  setMailMode,
} from './leads-helpers';

/**
 * Persist, then send: every accepted lead is in D1 before the owner's e-mail is tried, and what
 * that e-mail says. Retries are in leads-retry.test.ts; the customer's confirmation, and the two
 * messages' independence, in leads-confirmation.test.ts.
 */

afterEach(async () => {
  await setMailMode('accept');
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
