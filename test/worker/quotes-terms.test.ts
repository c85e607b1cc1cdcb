import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { quotePage, quoteRow, sentQuote } from './quote-helpers';
import { newestRevision } from './site-helpers';

/** Issue 48: the owner writes the quote terms once, in the business facts; each new quote carries them to the customer. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
afterEach(() => {
  takeLogs('info', 'site content published');
});

const TERMS = 'Payment within 7 days of the work being finished.\n\nWe guarantee our work for 12 months.';

describe('quote terms in the business facts', () => {
  it('the owner edits them once; the quote, its e-mail and the customer page show them', async () => {
    const page = await (await request('/admin/site/facts/quotes', { cookie: session.cookie })).text();
    expect(page).toContain('Terms on every quote');
    expect(page).toContain('Payment is due when the work is finished.');

    const saved = await postForm(session, '/admin/site/facts/quotes', {
      revision: String(await newestRevision()),
      quoteTerms: TERMS,
    });
    expect(saved.status).toBe(303);
    expect(await (await request('/admin/site/facts', { cookie: session.cookie })).text()).toContain('Payment within 7 days');

    const { id, token, text } = await sentQuote(session);
    expect((await quoteRow(id)).quote.terms).toBe(TERMS);
    expect(text).toContain('Payment within 7 days of the work being finished.');
    expect(text).toContain('We guarantee our work for 12 months.');
    const customer = await (await quotePage(token)).text();
    expect(customer).toContain('<p>Payment within 7 days of the work being finished.</p>');
    expect(customer).toContain('<p>We guarantee our work for 12 months.</p>');
  });

  it('terms too long or empty are refused with a message, nothing saved', async () => {
    const revision = String(await newestRevision());
    const long = await postForm(session, '/admin/site/facts/quotes', { revision, quoteTerms: 'x'.repeat(3001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('quote terms');
    const empty = await postForm(session, '/admin/site/facts/quotes', { revision, quoteTerms: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Please enter the quote terms.');
    expect(await newestRevision()).toBe(Number(revision));
  });
});
