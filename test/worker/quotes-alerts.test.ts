import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from './admin-helpers';
import { forgetAllDevices, pushesTo, readPush, subscribeDevice } from './push-helpers';
import { acceptForm, customerQuotePost, sentQuote } from './quote-helpers';

/** The owner's phone hears of a quote's first view, a question about it and its acceptance. */

beforeEach(forgetAllDevices);

describe('alerts about a quote', () => {
  it('the first view, a question and the acceptance each alert the owner once', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const { lead, id, token } = await sentQuote(owner);
    const form = await acceptForm(token); // the first view
    expect((await customerQuotePost(token, '/question', { question: 'Can you come on Friday?' })).status).toBe(303);
    expect((await customerQuotePost(token, '', form)).status).toBe(303);
    const alerts = await Promise.all((await pushesTo(device)).map((push) => readPush(push, device)));
    expect(alerts.map((alert) => alert.title)).toEqual([
      expect.stringMatching(new RegExp(`^${lead.name} (opened|accepted) quote Q-\\d{4}-\\d{4}$`)),
      `${lead.name} has a question about their quote`,
      expect.stringMatching(new RegExp(`^${lead.name} accepted quote Q-\\d{4}-\\d{4}$`)),
    ]);
    expect(alerts[2]!.url).toBe(`/admin/quotes/${id}`);
  });
});
