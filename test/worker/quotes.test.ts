import { beforeAll, describe, expect, it } from 'vitest';
import { findQuote } from '../../src/db/quotes';
import { request, type Session, signIn } from './admin-helpers';
import { adminPost, eventsOf, leadRow } from './job-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor } from './leads-helpers';
import {
  acceptForm,
  customerQuotePost,
  db,
  quoteMessages,
  quotePage,
  quoteRow,
  sentQuote,
  setQuoteColumns,
} from './quote-helpers';

/**
 * Issue 48 end to end against the real local D1: the owner sends a quote, the customer sees it
 * (recorded), chooses and accepts; accepting twice changes nothing; an acceptance racing a
 * withdrawal has one winner; expired and superseded quotes are refused; a wrong token is a 404.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const acceptedMail = async (email: string) => (await mailFor(email)).find((m) => m.body.subject.startsWith('Accepted:'));
const textOf = (mail: { body: { content: { type: string; value: string }[] } }) =>
  mail.body.content.find((part) => part.type === 'text/plain')!.value;

describe('send, view, accept', () => {
  it('numbers the quote, records the first view and keeps the accepted version with its hash', async () => {
    const { lead, id, token, text } = await sentQuote(session);
    const sent = await quoteRow(id);
    expect(sent.quote.state).toBe('sent');
    expect(sent.quote.number).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(text).toContain('Clear the blocked drain');

    const page = await quotePage(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain(sent.quote.number!);
    expect(html).toContain('Do you want us to start the work within the 14-day cancellation period?');
    expect((await quoteRow(id)).quote.state).toBe('viewed');

    const res = await customerQuotePost(token, '', await acceptForm(token, { expressStart: 'yes' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toContain('done=accepted');
    const accepted = await quoteRow(id);
    expect(accepted.quote.state).toBe('accepted');
    // £100 + the first alternative (£500), with 20% VAT: the optional survey was not ticked.
    expect(accepted.acceptance).toMatchObject({
      netPence: 60000,
      vatPence: 12000,
      grossPence: 72000,
      expressStart: true,
      typedName: 'Ann Example',
    });
    expect(accepted.acceptance!.hash).toMatch(/^[0-9a-f]{64}$/);

    const mail = await acceptedMail(lead.email);
    expect(mail).toBeTruthy();
    expect(textOf(mail!)).toContain(accepted.acceptance!.hash);
    expect(textOf(mail!)).toContain('Model cancellation form');
    expect(textOf(mail!)).toContain('You have the right to cancel this contract within 14 days');

    const timeline = (await eventsOf(lead.id)).filter((event) => event.kind === 'quote').map((event) => event.detail);
    expect(timeline).toEqual([
      `Quote ${sent.quote.number} sent (£720.00)`,
      `Quote ${sent.quote.number} seen`,
      `Quote ${sent.quote.number} accepted (£720.00)`,
    ]);
    // The customer's request page links to the quote.
    expect(await (await quotePage(token)).text()).toContain('Accepted by');
    expect(await (await requestPage(`/r/${token}`)).text()).toContain(`Your quote ${sent.quote.number}`);
  });

  it('totals optional lines and alternatives on the server, whatever else the form says', async () => {
    const { id, token } = await sentQuote(session);
    const update = new URLSearchParams({ action: 'update', optional: '1', 'group.repair': '3', total: '1' });
    const html = await (await customerQuotePost(token, '', update)).text();
    // £100 + £20 + £900 = £1,020 net, £1,224 with VAT.
    expect(html).toContain('£1,224.00');
    const fields = new URLSearchParams({ ...(await acceptForm(token)), 'group.repair': '3' });
    fields.append('optional', '1');
    fields.append('optional', '0'); // not an optional line: ignored
    fields.set('grossPence', '1');
    expect((await customerQuotePost(token, '', fields)).status).toBe(303);
    expect((await quoteRow(id)).acceptance).toMatchObject({ netPence: 102000, grossPence: 122400 });
  });
});

describe('answers that change nothing', () => {
  it('accepting twice records one acceptance and sends one confirmation', async () => {
    const { lead, id, token } = await sentQuote(session);
    const form = await acceptForm(token);
    expect((await customerQuotePost(token, '', form)).status).toBe(303);
    const again = await customerQuotePost(token, '', form);
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).not.toContain('done=');
    expect((await quoteMessages(id)).filter((m) => m.kind === 'accepted')).toHaveLength(1);
    expect((await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('Accepted:'))).toHaveLength(1);
  });

  it('an acceptance racing a withdrawal: exactly one takes', async () => {
    const { id, token } = await sentQuote(session);
    const form = await acceptForm(token);
    const admin = await quoteRow(id);
    await Promise.all([
      customerQuotePost(token, '', form),
      adminPost(session, `/admin/quotes/${id}/withdraw`, { rowVersion: String(admin.quote.rowVersion) }),
    ]);
    const after = await quoteRow(id);
    expect(['accepted', 'withdrawn']).toContain(after.quote.state);
    expect(after.acceptance === undefined).toBe(after.quote.state === 'withdrawn');
    const page = await (await quotePage(token)).text();
    expect(page).toContain(after.quote.state === 'accepted' ? 'Accepted by' : 'This quote has been withdrawn.');
  });

  it('refuses an expired quote and offers a new one', async () => {
    const { id, token } = await sentQuote(session);
    const form = await acceptForm(token);
    await setQuoteColumns(id, { validUntil: Date.now() - 1000 });
    const res = await customerQuotePost(token, '', form);
    expect((await quoteRow(id)).quote.state).toBe('expired');
    expect((await quoteRow(id)).acceptance).toBeUndefined();
    expect(res.status).not.toBe(500);
    const html = await (await quotePage(token)).text();
    expect(html).toContain('This quote has expired.');
    expect(html).toContain('Ask for a new quote');
  });

  it('a revision sent supersedes the earlier version, and a form from the earlier one accepts nothing', async () => {
    const { id, token } = await sentQuote(session);
    const oldForm = await acceptForm(token);
    const first = await quoteRow(id);
    const revised = await adminPost(session, `/admin/quotes/${id}/revise`, { rowVersion: String(first.quote.rowVersion) });
    expect(revised.status).toBe(303);
    const revisionId = /([0-9a-f-]{36})$/.exec(revised.headers.get('Location')!)![1]!;
    const draft = await quoteRow(revisionId);
    expect(draft.quote).toMatchObject({ state: 'draft', version: 2, number: first.quote.number });
    const send = await adminPost(session, `/admin/quotes/${revisionId}`, {
      rowVersion: String(draft.quote.rowVersion),
      customerName: draft.quote.customerName,
      customerEmail: draft.quote.customerEmail,
      'line.0.description': 'Clear the drain, revised',
      'line.0.price': '90',
      action: 'send',
    });
    expect(send.status).toBe(303);
    expect((await quoteRow(id)).quote.state).toBe('superseded');
    const res = await customerQuotePost(token, '', oldForm);
    expect(res.status).toBe(409);
    expect((await quoteRow(revisionId)).quote.state).toBe('viewed');
    expect((await findQuote(db(), id))!.acceptance).toBeUndefined();
  });

  it('a wrong token, or a lead with no quote sent, is a 404', async () => {
    const { token } = await sentQuote(session);
    const wrong = `${token.slice(0, 21)}${token[21] === 'A' ? 'B' : 'A'}${token.slice(22)}`;
    expect((await quotePage(wrong)).status).toBe(404);
    expect((await quotePage('x'.repeat(22) + '.' + 'y'.repeat(22))).status).toBe(404);
  });
});

describe('consumer rights', () => {
  it('a business customer is not asked about the 14 days and gets no cancellation form', async () => {
    const { lead, id, token } = await sentQuote(session, { business: 'on' });
    const html = await (await quotePage(token)).text();
    expect(html).not.toContain('14-day cancellation period');
    const form = await acceptForm(token);
    delete (form as Record<string, string>).expressStart;
    expect((await customerQuotePost(token, '', form)).status).toBe(303);
    expect((await quoteRow(id)).acceptance?.expressStart).toBeNull();
    const mail = await acceptedMail(lead.email);
    expect(textOf(mail!)).not.toContain('Model cancellation form');
    expect(textOf(mail!)).not.toContain('right to cancel');
  });

  it('a consumer must answer the 14-day question', async () => {
    const { id, token } = await sentQuote(session);
    const form = await acceptForm(token);
    delete (form as Record<string, string>).expressStart;
    const res = await customerQuotePost(token, '', form);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Please say whether we may start within the 14 days.');
    expect((await quoteRow(id)).quote.state).toBe('viewed');
  });
});

describe('walk-in customers', () => {
  it('a quote from nothing gives the customer a lead with a link when it is sent', async () => {
    const t = crypto.randomUUID().slice(0, 8);
    const res = await adminPost(session, '/admin/quotes', {
      customerName: `Walk In ${t}`,
      customerEmail: `walk.${t}@example.org`,
      'line.0.description': 'Unblock the sink',
      'line.0.price': '75',
      action: 'send',
    });
    expect(res.status).toBe(303);
    const id = /([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
    const { quote } = await quoteRow(id);
    expect(quote.leadId).toBeTruthy();
    expect((await mailFor(`walk.${t}@example.org`)).some((m) => m.body.subject.startsWith('Your quote'))).toBe(true);

    // A walk-in is someone the owner has spoken with: contacted, marked as a walk-in (never a form's
    // "Quote request"), and the timeline says the quote was sent.
    const lead = await leadRow(quote.leadId!);
    expect(lead.jobStatus).toBe('contacted');
    expect(lead.walkIn).toBe(true);
    expect((await eventsOf(lead.id)).map((e) => e.detail)).toEqual([
      expect.stringMatching(/^Quote Q-\d{4}-\d{4} sent \(£90\.00\)$/),
    ]);
    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain('Walk-in: no request, the lead was made when we sent them a quote');
    const inbox = await (
      await request(`/admin/leads?q=${encodeURIComponent(`Walk In ${t}`)}`, { cookie: session.cookie })
    ).text();
    expect(inbox).toContain('Walk-in');
    expect(inbox).not.toContain('Quote request');
  });
});
