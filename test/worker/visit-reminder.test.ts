import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendDueLeadEmails } from '../../src/scheduled';
import { signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, messagesOfLead, statusPath } from './job-helpers';
import { mailFor } from './leads-helpers';

/**
 * The reminder the evening before a visit, at 18:00 UK time in winter and in summer, through the
 * outbox with a moved clock; none for a visit booked less than 12 hours ahead, a cancelled
 * (lost) one, one moved to another day (the new day's reminder goes instead), or after a stop.
 */

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

/** Signs in and books a new lead at `at` (the clock moved there), as the lead page's form does. */
async function bookAt(at: string, day: string, window: string, name = 'Maria Lopez') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  const session = await signIn();
  const lead = await insertLead({ name, address: '3 Bay Road, Poole BH14 0AA' });
  expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window, ...GO_ON })).status).toBe(303);
  return { session, lead };
}

const reminders = async (email: string) =>
  (await mailFor(email)).filter((mail) => mail.body.subject.startsWith('Tomorrow')).map((mail) => mail.body);
const textOf = (mail: { content: { type: string; value: string }[] }) =>
  mail.content.find((part) => part.type === 'text/plain')!.value;

describe('the visit reminder', () => {
  it('goes at 18:00 GMT the evening before a winter visit, once, with the window, address and their page', async () => {
    const { session, lead } = await bookAt('2027-01-08T10:00:00Z', '2027-01-12', '10-12');
    const due = Date.parse('2027-01-11T18:00:00Z');
    await sendDueLeadEmails(env, due - MINUTE);
    expect(await reminders(lead.email)).toEqual([]);
    await sendDueLeadEmails(env, due + MINUTE);
    const [mail, ...more] = await reminders(lead.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Tomorrow, 10am to 12pm: your visit from BCP Drainage & Plumbing');
    const text = textOf(mail!);
    expect(text).toContain('Hello Maria,');
    expect(text).toContain('Tuesday 12 January 2027');
    expect(text).toContain('3 Bay Road, Poole BH14 0AA');
    expect(text).toMatch(/https:\/\/www\.example\.com\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    // Plain words: "between … and …", and a label that asks its own question takes no colon.
    expect(text).toContain('and will arrive between 10am and 12pm.');
    expect(text).toContain('\nSomething changed?\nUse the link above');
    expect(text).not.toMatch(/between \S+ to |\?:/);
    await sendDueLeadEmails(env, due + 60 * MINUTE);
    expect(await reminders(lead.email)).toHaveLength(1);
    // The person's export lists it with the other e-mails sent to them.
    const exported = await adminPost(session, '/admin/leads/person/export', { email: lead.email, phone: '' });
    const body = (await exported.json()) as { leads: { visitRemindersToYou: { status: string }[] }[] };
    expect(body.leads[0]!.visitRemindersToYou).toMatchObject([{ status: 'sent' }]);
  }, 30_000);

  it('goes at 18:00 BST (17:00 UTC) before a summer visit', async () => {
    const { lead } = await bookAt('2027-06-10T09:00:00Z', '2027-06-15', '08-10');
    const reminder = (await messagesOfLead(lead.id)).find((message) => message.kind === 'visit');
    expect(reminder?.nextAttemptAt).toBe(Date.parse('2027-06-14T17:00:00Z'));
    await sendDueLeadEmails(env, Date.parse('2027-06-14T17:01:00Z'));
    expect(await reminders(lead.email)).toHaveLength(1);
  }, 30_000);

  it('is not queued for a visit booked less than 12 hours ahead', async () => {
    // 21:00 BST, for 8am tomorrow: 11 hours ahead.
    const { lead } = await bookAt('2027-06-14T20:00:00Z', '2027-06-15', '08-10');
    expect((await messagesOfLead(lead.id)).map((message) => message.kind).sort()).toEqual(['booking', 'owner']);
  }, 30_000);

  it('is not sent for a visit lost (cancelled) before the evening, nor after the customer said stop', async () => {
    const lost = await bookAt('2027-01-08T10:00:00Z', '2027-01-12', '10-12', 'Lost Lead');
    expect((await adminPost(lost.session, statusPath(lost.lead.id), { status: 'lost', lost_reason: 'other' })).status).toBe(303);
    const stopped = await bookAt('2027-01-08T10:05:00Z', '2027-01-12', '14-16', 'Stopped Lead');
    await env.DB.prepare('UPDATE leads SET reviews_stopped_at = ? WHERE id = ?').bind(Date.now(), stopped.lead.id).run();
    await sendDueLeadEmails(env, Date.parse('2027-01-11T18:01:00Z'));
    expect(await reminders(lost.lead.email)).toEqual([]);
    expect(await reminders(stopped.lead.email)).toEqual([]);
    for (const { lead } of [lost, stopped])
      expect((await messagesOfLead(lead.id)).find((message) => message.kind === 'visit')?.status).toBe('cancelled');
  }, 30_000);

  it('follows a visit moved to another day: only the new day’s reminder goes', async () => {
    const { session, lead } = await bookAt('2027-01-08T10:00:00Z', '2027-01-12', '10-12', 'Moved Lead');
    expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-01-14', window: '12-14' })).status).toBe(
      303,
    );
    await sendDueLeadEmails(env, Date.parse('2027-01-11T18:01:00Z'));
    expect(await reminders(lead.email)).toEqual([]);
    await sendDueLeadEmails(env, Date.parse('2027-01-13T18:01:00Z'));
    const mails = await reminders(lead.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Tomorrow, 12pm to 2pm: your visit from BCP Drainage & Plumbing']);
  }, 30_000);
});
