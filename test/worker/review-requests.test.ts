import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_DELAY_MS, REVIEW_DELAY_MS } from '../../src/jobs/change-status';
import { sendDueLeadEmails } from '../../src/scheduled';
import { type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, leadRow, messagesOfLead, statusPath } from './job-helpers';
import { call, mailFor, ORIGIN } from './leads-helpers';

/**
 * The review request: one e-mail about two hours after the job is done, one reminder five days
 * later only if the link was not followed, never for a lost lead, the same words for everyone, and
 * a stop line honoured at once. The cron runs with a moved clock.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const MINUTE = 60_000;

async function doneLead(name = 'Tom Baker') {
  const lead = await insertLead({ name });
  const before = Date.now();
  expect((await adminPost(session, statusPath(lead.id), { status: 'done', value: '180' })).status).toBe(303);
  return { lead, doneAt: before };
}

const reviewMails = async (email: string) =>
  (await mailFor(email)).filter((mail) => /review/i.test(mail.body.subject)).map((mail) => mail.body);

const textOf = (mail: { content: { type: string; value: string }[] }) =>
  mail.content.find((part) => part.type === 'text/plain')!.value;
const linkIn = (text: string, suffix: string) => new RegExp(`${ORIGIN}(/r/[A-Za-z0-9_.-]+/${suffix})`).exec(text)?.[1];

describe('the review request', () => {
  it('goes once about two hours after done, with our own redirect to the Google link and a stop line; one reminder five days on', async () => {
    const { lead, doneAt } = await doneLead();
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS - 5 * MINUTE);
    expect(await reviewMails(lead.email)).toEqual([]);

    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + MINUTE);
    const [first, ...others] = await reviewMails(lead.email);
    expect(others).toEqual([]);
    expect(first!.subject).toBe('Would you review BCP Drainage & Plumbing?');
    const text = textOf(first!);
    expect(text).toContain('Hello Tom,');
    expect(text).toContain('good or bad');
    expect(text).not.toMatch(/happy|satisf|rate us/i);
    expect(linkIn(text, 'review')).toBeTruthy();
    expect(linkIn(text, 'stop')).toBeTruthy();

    // Running again sends nothing more; five days later, the link unfollowed, one reminder.
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + 10 * MINUTE);
    expect(await reviewMails(lead.email)).toHaveLength(1);
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + REMINDER_DELAY_MS + MINUTE);
    const mails = await reviewMails(lead.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Would you review BCP Drainage & Plumbing?',
      'A reminder: would you review BCP Drainage & Plumbing?',
    ]);
    expect(textOf(mails[1]!)).toContain('This is the last review request we will send you.');
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + 3 * REMINDER_DELAY_MS);
    expect(await reviewMails(lead.email)).toHaveLength(2);
  });

  it('counts the click through our redirect, and then sends no reminder', async () => {
    const { lead, doneAt } = await doneLead();
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + MINUTE);
    const review = linkIn(textOf((await reviewMails(lead.email))[0]!), 'review')!;
    const res = await call(review, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/www\.google\.com\/search\?q=/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await leadRow(lead.id)).reviewClickedAt).not.toBeNull();
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + REMINDER_DELAY_MS + MINUTE);
    expect(await reviewMails(lead.email)).toHaveLength(1);
    expect((await messagesOfLead(lead.id)).find((message) => message.kind === 'reminder')?.status).toBe('cancelled');
  });

  it('honours the stop line at once: what is waiting is cancelled, nothing more is sent', async () => {
    const { lead, doneAt } = await doneLead();
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + MINUTE);
    const stop = linkIn(textOf((await reviewMails(lead.email))[0]!), 'stop')!;
    const page = await call(stop);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop review requests');
    // Opening the link (a mail scanner might) stops nothing; the button does.
    expect((await leadRow(lead.id)).reviewsStoppedAt).toBeNull();
    const res = await call(stop, { method: 'POST', headers: { Origin: ORIGIN }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect((await leadRow(lead.id)).reviewsStoppedAt).not.toBeNull();
    expect((await messagesOfLead(lead.id)).find((message) => message.kind === 'reminder')?.status).toBe('cancelled');
    expect(await (await call(stop)).text()).toContain('We will not send you any more review requests.');
    await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + REMINDER_DELAY_MS + MINUTE);
    expect(await reviewMails(lead.email)).toHaveLength(1);
  });

  it('is never sent for a lost lead', async () => {
    const lead = await insertLead();
    const before = Date.now();
    expect((await adminPost(session, statusPath(lead.id), { status: 'lost', lost_reason: 'price' })).status).toBe(303);
    await sendDueLeadEmails(env, before + REVIEW_DELAY_MS + REMINDER_DELAY_MS + MINUTE);
    expect(await reviewMails(lead.email)).toEqual([]);
    expect((await messagesOfLead(lead.id)).map((message) => message.kind)).toEqual(['owner']);
  });

  it('asks every customer in the same words: no "were you happy?" step decides who is asked', async () => {
    const a = await doneLead('Ann Able');
    const b = await doneLead('Ben Bold');
    await sendDueLeadEmails(env, Math.max(a.doneAt, b.doneAt) + REVIEW_DELAY_MS + MINUTE);
    const strip = (text: string) =>
      text
        .replace(/Hello \w+,/, '')
        .replace(/\/r\/[^\s/]+/g, '/r/TOKEN')
        .replace(/Reference: \w+/, '');
    const [mailA] = await reviewMails(a.lead.email);
    const [mailB] = await reviewMails(b.lead.email);
    expect(strip(textOf(mailA!))).toBe(strip(textOf(mailB!)));
  });
});
