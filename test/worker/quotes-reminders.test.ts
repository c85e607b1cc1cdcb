import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLead } from '../../src/db/leads';
import { sendDueLeadEmails } from '../../src/scheduled';
import { type Session, signIn } from './admin-helpers';
import { messagesOfLead } from './job-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor, ORIGIN } from './leads-helpers';
import { customerQuotePost, db, quotePage, quoteRow, sentQuote } from './quote-helpers';

/** A quote's reminders: queued when it is sent (day 3, day 10, two days before expiry), sent by the cron while it waits, stopped by an answer. */

const DAY = 86_400_000;
let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const reminders = async (leadId: string) => (await messagesOfLead(leadId)).filter((m) => m.kind === 'quote-reminder');

describe('quote reminders', () => {
  it('reminds on day 3, and stops once the customer has asked a question', async () => {
    const { lead, id, token } = await sentQuote(session);
    const sentAt = (await quoteRow(id)).quote.sentAt!;
    const queued = await reminders(lead.id);
    expect(queued.map((m) => [m.about.split(':')[1], m.nextAttemptAt])).toEqual([
      ['day-3', sentAt + 3 * DAY],
      ['day-10', sentAt + 10 * DAY],
      ['expiry', sentAt + 28 * DAY],
    ]);

    await sendDueLeadEmails(env, sentAt + 3 * DAY + 60_000);
    const first = (await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('A reminder: your quote'));
    expect(first).toHaveLength(1);

    await quotePage(token);
    expect((await customerQuotePost(token, '/question', { question: 'Is parking needed?' })).status).toBe(303);
    await sendDueLeadEmails(env, sentAt + 10 * DAY + 60_000);
    expect((await reminders(lead.id)).find((m) => m.about.endsWith(':day-10'))!.status).toBe('cancelled');
    expect((await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('Still thinking'))).toHaveLength(0);
  });

  it('a reminder carries its own stop link: stopped, no more reminders come, and the review requests are not stopped', async () => {
    const { lead, id, token } = await sentQuote(session);
    const sentAt = (await quoteRow(id)).quote.sentAt!;
    await sendDueLeadEmails(env, sentAt + 3 * DAY + 60_000);
    const reminder = (await mailFor(lead.email)).find((m) => m.body.subject.startsWith('A reminder: your quote'));
    const text = reminder!.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(text).toContain('Stop quote reminders');
    const stopPath = new URL(/Stop quote reminders: (\S+)/.exec(text)![1]!).pathname;
    expect(stopPath).toBe(`/r/${token}/quote/stop`);

    // Opening the link changes nothing (a link scanner may open it); the page asks.
    const page = await (await requestPage(stopPath)).text();
    expect(page).toContain('Quote reminders');
    expect(page).toContain('Stop quote reminders');
    expect(page).not.toContain('review');
    expect((await findLead(db(), lead.id))!.quoteRemindersStoppedAt).toBeNull();

    const stop = await requestPage(stopPath, { method: 'POST', headers: { Origin: ORIGIN }, body: new URLSearchParams() });
    expect(stop.status).toBe(303);
    expect(await (await requestPage(stopPath)).text()).toContain('We will not send you any more reminders about your quote.');
    const stopped = (await findLead(db(), lead.id))!;
    expect(stopped.quoteRemindersStoppedAt).not.toBeNull();
    expect(stopped.reviewsStoppedAt).toBeNull();

    const later = (await reminders(lead.id)).filter((m) => !m.about.endsWith(':day-3'));
    expect(later.map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
    await sendDueLeadEmails(env, sentAt + 26 * DAY + 60_000);
    const subjects = (await mailFor(lead.email)).map((m) => m.body.subject);
    expect(subjects.filter((s) => s.startsWith('Still thinking') || s.startsWith('Your quote expires'))).toHaveLength(0);
    // The quote itself still stands for the customer.
    expect((await quotePage(token)).status).toBe(200);
  });

  it('stopping review requests does not stop quote reminders', async () => {
    const { lead, id, token } = await sentQuote(session);
    const sentAt = (await quoteRow(id)).quote.sentAt!;
    const stop = await requestPage(`/r/${token}/stop`, {
      method: 'POST',
      headers: { Origin: ORIGIN },
      body: new URLSearchParams(),
    });
    expect(stop.status).toBe(303);
    await sendDueLeadEmails(env, sentAt + 3 * DAY + 60_000);
    expect((await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('A reminder: your quote'))).toHaveLength(1);
  });
});
