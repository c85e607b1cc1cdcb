import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendDueLeadEmails } from '../../src/scheduled';
import { type Session, signIn } from './admin-helpers';
import { messagesOfLead } from './job-helpers';
import { mailFor } from './leads-helpers';
import { customerQuotePost, quotePage, quoteRow, sentQuote } from './quote-helpers';

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
});
