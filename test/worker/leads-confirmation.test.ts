import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { sendDueLeadEmails } from '../../src/scheduled';
import { allLogText, takeLogs } from '../support/console-guard';
import { site } from '../support/content';
import {
  confirmationsTo,
  contactLead,
  countLeads,
  freshIp,
  messagesOf,
  ownerMailFor,
  postJson,
  quoteLead,
  setRecipientMode,
  tag,
} from './leads-helpers';

/**
 * Two e-mails per lead, each its own outbox row: the owner's notification (Reply-To the customer)
 * and the customer's confirmation (Reply-To the business), both received by the real mail server
 * on 127.0.0.1. One failing neither resends nor holds up the other.
 */

const failing: string[] = [];
afterEach(async () => {
  for (const email of failing.splice(0)) await setRecipientMode(email, null);
});

/** Sends to this address fail (500) until the test ends; the rest of the mail server is untouched. */
async function failSendsTo(email: string) {
  failing.push(email);
  await setRecipientMode(email, 'fail');
}

async function acceptedId(res: Response) {
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

const reference = (id: string) => id.slice(0, 8).toUpperCase();

describe('a stored lead', () => {
  it('sends the owner their notification and the customer a confirmation, each to the right place', async () => {
    const input = await contactLead({ 'best-time': 'morning' });
    const id = await acceptedId(await postJson('/api/contact', input));
    const { owner, customer } = await messagesOf(id);
    expect(owner).toMatchObject({ status: 'sent', attempts: 1 });
    expect(customer).toMatchObject({ status: 'sent', attempts: 1 });

    const [toOwner, ...moreToOwner] = await ownerMailFor(input.email);
    expect(moreToOwner).toEqual([]);
    expect(toOwner!.body.reply_to).toEqual({ email: input.email, name: input.name });
    expect(toOwner!.body.content[0]!.value).toContain('Best time to call: Morning (8am to 12pm)');

    const [confirmation, ...more] = await confirmationsTo(input.email);
    expect(more).toEqual([]);
    const mail = confirmation!.body;
    expect(mail.personalizations).toEqual([{ to: [{ email: input.email, name: input.name }] }]);
    expect(mail.from).toEqual({ email: env.LEADS_FROM_EMAIL, name: site.name });
    expect(mail.reply_to).toEqual({ email: site.email.address, name: site.name });
    expect(mail.subject).toBe(`We have your message: ${site.name} (ref. ${reference(id)})`);
    const [text, html] = mail.content;
    expect(text!.type).toBe('text/plain');
    expect(html!.type).toBe('text/html');
    for (const part of [text!.value, html!.value]) {
      expect(part).toContain(reference(id));
      expect(part).toContain(site.phone.emergency.display);
      expect(part).toContain('When to expect a call: We call back every message and quote request within one working day');
      expect(part).toContain('in the morning (8am to 12pm) as you asked');
    }
    expect(text!.value).toContain(`Hello ${input.name},`);
    expect(text!.value).toContain(`Phone: ${input.phone}`);
    expect(text!.value).toContain('Photos: None');
    expect(text!.value).toContain(input.message);
    expect(text!.value).toContain(`How we use your details: ${env.SITE_ORIGIN}/privacy`);
    expect(takeLogs('info', 'lead e-mail sent')).toEqual([
      { level: 'info', msg: 'lead e-mail sent', id, message: 'owner', attempts: 1 },
      { level: 'info', msg: 'lead e-mail sent', id, message: 'customer', attempts: 1 },
    ]);
    expect(allLogText()).not.toContain(input.email);
  });

  it("tells a quote's customer the owner will confirm cover when the postcode is outside our areas", async () => {
    const outside = await quoteLead({ address: '9 Elm Close, Verwood, BH31 7AA' });
    await acceptedId(await postJson('/api/quote', outside));
    const [mail] = await confirmationsTo(outside.email);
    expect(mail!.body.subject).toMatch(/^We have your quote request: /);
    const text = mail!.body.content[0]!.value;
    expect(text).toContain('outside the areas we usually cover');
    expect(text).toContain('We will confirm whether we can cover it when we call.');
    expect(text).toContain(`Address: ${outside.address}`);

    for (const address of ['12 Seaview Road, Southbourne BH6 3AA', 'The Old Barn, Milford on Sea']) {
      const inside = await quoteLead({ address });
      await acceptedId(await postJson('/api/quote', inside));
      const [confirmation] = await confirmationsTo(inside.email);
      expect(confirmation!.body.content[0]!.value, address).not.toContain('outside the areas');
    }
  });

  it('repeats only the start of a long message, escaped in the HTML', async () => {
    const long = `<b>${'x'.repeat(600)}</b> END`;
    const input = await contactLead({ message: long });
    await acceptedId(await postJson('/api/contact', input));
    const [mail] = await confirmationsTo(input.email);
    const [text, html] = mail!.body.content;
    expect(text!.value).toContain(`<b>${'x'.repeat(497)}…`);
    expect(text!.value).not.toContain('END');
    expect(html!.value).toContain('&lt;b&gt;xxx');
    expect(html!.value).not.toContain('<b>x');
  });
});

describe('when one of the two e-mails fails', () => {
  it('retries the confirmation alone while the owner’s e-mail stays sent, never sent twice', async () => {
    const input = await contactLead();
    await failSendsTo(input.email);
    const id = await acceptedId(await postJson('/api/contact', input));
    let { owner, customer } = await messagesOf(id);
    expect(owner).toMatchObject({ status: 'sent', attempts: 1 });
    expect(customer).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(customer!.lastError).toContain('HTTP 500');
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([
      expect.objectContaining({ id, message: 'customer', attempts: 1 }),
    ]);

    // Due, still failing: only the confirmation is tried again.
    await sendDueLeadEmails(env, customer!.nextAttemptAt!);
    ({ owner, customer } = await messagesOf(id));
    expect(owner).toMatchObject({ status: 'sent', attempts: 1 });
    expect(customer).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([
      expect.objectContaining({ id, message: 'customer', attempts: 2 }),
    ]);

    // The customer's mail server is back.
    await setRecipientMode(input.email, null);
    await sendDueLeadEmails(env, customer!.nextAttemptAt!);
    ({ owner, customer } = await messagesOf(id));
    expect(customer).toMatchObject({ status: 'sent', attempts: 3, lastError: null, nextAttemptAt: null });
    expect(owner).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await ownerMailFor(input.email)).toHaveLength(1);
    expect(await confirmationsTo(input.email)).toHaveLength(3);
  });

  it('sends the confirmation even while the owner’s e-mail is failing', async () => {
    const ownerInbox = `owner.${tag()}@example.com`;
    await failSendsTo(ownerInbox);
    const input = await contactLead();
    const bindings = { ...env, LEADS_TO_EMAIL: ownerInbox };
    const id = await acceptedId(await postJson('/api/contact', input, { bindings }));
    const { owner, customer } = await messagesOf(id);
    expect(owner).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(customer).toMatchObject({ status: 'sent', attempts: 1 });
    expect(takeLogs('warn', 'lead e-mail failed, will retry')).toEqual([
      expect.objectContaining({ id, message: 'owner', attempts: 1 }),
    ]);
  });
});

describe('no confirmation is sent', () => {
  it('when LEAD_CONFIRMATIONS is "off": the owner’s e-mail alone', async () => {
    const input = await contactLead();
    const id = await acceptedId(await postJson('/api/contact', input, { bindings: { ...env, LEAD_CONFIRMATIONS: 'off' } }));
    const messages = await messagesOf(id);
    expect(Object.keys(messages)).toEqual(['owner']);
    expect(await ownerMailFor(input.email)).toHaveLength(1);
    expect(await confirmationsTo(input.email)).toEqual([]);
  });

  it('for a submission dropped as spam', async () => {
    const input = await contactLead({ website: 'https://spam.example' });
    const before = await countLeads();
    await acceptedId(await postJson('/api/contact', input));
    expect(await countLeads()).toBe(before);
    expect(await confirmationsTo(input.email)).toEqual([]);
    expect(takeLogs('warn', 'lead dropped as spam')).toHaveLength(1);
  });

  it('past the per-IP limit: one sender triggers at most 5 a minute', async () => {
    const ip = freshIp();
    const input = await contactLead();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await postJson('/api/contact', { ...input, phone: '' }, { ip })).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(await confirmationsTo(input.email)).toHaveLength(5);
  });
});
