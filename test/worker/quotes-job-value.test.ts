import { beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';
import { adminPost, DONE_ANYWAY, leadRow, statusPath } from './job-helpers';
import { acceptForm, customerQuotePost, quoteRow, sentQuote } from './quote-helpers';

/** Issue 48: a job with an accepted quote is worth the quote's accepted total, on its page and once done. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const leadPage = async (id: string) => (await request(`/admin/leads/${id}`, { cookie: session.cookie })).text();

describe('the job value of an accepted quote', () => {
  it("shows the accepted total on the lead's page and keeps it as the value when the job is done", async () => {
    const { lead, id, token } = await sentQuote(session);
    // Before acceptance the page asks for the value when done.
    expect(await leadPage(lead.id)).toContain('Job value in £ (optional)');

    // The defaults: £100 and the first alternative, £500, both with 20% VAT.
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    const { quote, acceptance } = await quoteRow(id);
    expect(acceptance!.grossPence).toBe(72_000);
    const accepted = await leadPage(lead.id);
    expect(accepted).toContain(`Job value £720, the accepted quote ${quote.number}`);
    expect(accepted).not.toContain('Job value in £ (optional)');

    // A value sent anyway (an old form) does not replace what the customer accepted.
    const done = await adminPost(session, statusPath(lead.id), { status: 'done', value: '50', ...DONE_ANYWAY });
    expect(done.status).toBe(303);
    expect((await leadRow(lead.id)).jobValuePence).toBe(72_000);
    expect(await leadPage(lead.id)).toContain(`Done. Job value £720, the accepted quote ${quote.number}`);
  });

  it('a job without an accepted quote keeps the value the owner gives', async () => {
    const { lead } = await sentQuote(session);
    const done = await adminPost(session, statusPath(lead.id), { status: 'done', value: '50', ...DONE_ANYWAY });
    expect(done.status).toBe(303);
    expect((await leadRow(lead.id)).jobValuePence).toBe(5_000);
    expect(await leadPage(lead.id)).toContain('Done. Job value £50');
  });
});
