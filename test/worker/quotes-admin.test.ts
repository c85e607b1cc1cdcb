import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { eraseLeads } from '../../src/privacy/erase';
import { personWithSession, postForm, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, eventsOf } from './job-helpers';
import { acceptForm, customerQuotePost, quotePage, quoteRow, sentQuote } from './quote-helpers';

/**
 * The owner's side of issue 48 and the customer's other answers: who may reach quotes, a stale
 * save refused with the change named, "Add a line" as a plain post, declining and asking a
 * question, and what erasing the customer leaves (only an accepted quote, the accounting record).
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const draftFields = (lead: { id: string; name: string; email: string }) => ({
  lead: lead.id,
  customerName: lead.name,
  customerEmail: lead.email,
  'line.0.description': 'Jet the drain',
  'line.0.price': '120',
});

describe('who may write quotes', () => {
  it('the office may, an engineer may not', async () => {
    const office = await personWithSession('office');
    expect((await request('/admin/quotes', { cookie: office.cookie })).status).toBe(200);
    const engineer = await personWithSession('engineer');
    expect((await request('/admin/quotes', { cookie: engineer.cookie })).status).toBe(403);
  });
});

describe('a draft', () => {
  it('"Add a line" saves the draft and offers another blank line; a save from a stale page is refused with the change named', async () => {
    const lead = await insertLead();
    const created = await adminPost(session, '/admin/quotes', { ...draftFields(lead), action: 'add-line' });
    expect(created.status).toBe(303);
    const path = new URL(created.headers.get('Location')!, 'https://x').pathname;
    const id = path.split('/').pop()!;
    const page = await (await request(path, { cookie: session.cookie })).text();
    expect(page).toContain('name="line.1.description"');
    expect(page).toContain('Jet the drain');
    const { quote } = await quoteRow(id);
    const fields = { ...draftFields(lead), rowVersion: String(quote.rowVersion), action: 'save' };
    expect((await adminPost(session, path, { ...fields, 'line.0.price': '130' })).status).toBe(303);
    const stale = await adminPost(session, path, { ...fields, 'line.0.price': '140' });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('The quote changed while you were looking at it: it is now draft');
    expect((await quoteRow(id)).lines[0]!.unitPence).toBe(13000);
  });

  it('refuses to send a quote with no lines', async () => {
    const lead = await insertLead();
    const res = await adminPost(session, '/admin/quotes', {
      lead: lead.id,
      customerName: lead.name,
      customerEmail: lead.email,
      action: 'send',
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Add a line before sending the quote.');
  });
});

describe("the customer's other answers", () => {
  it('declines with a reason, on the timeline', async () => {
    const { lead, id, token } = await sentQuote(session);
    const form = await acceptForm(token);
    const res = await customerQuotePost(token, '/decline', {
      quote: form.quote,
      rowVersion: form.rowVersion,
      reason: 'Too dear',
    });
    expect(res.headers.get('Location')).toContain('done=declined');
    expect((await quoteRow(id)).quote).toMatchObject({ state: 'declined', declineReason: 'Too dear' });
    expect((await eventsOf(lead.id)).at(-1)!.detail).toMatch(/declined: Too dear$/);
    const html = await (await quotePage(token)).text();
    expect(html).toContain('You declined this quote.');
    expect(html).toContain('Ask for a new quote');
  });

  it('asks a question: a note on the lead by the customer', async () => {
    const { lead, id, token } = await sentQuote(session);
    const res = await customerQuotePost(token, '/question', { question: 'Does the price include the manhole cover?' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toContain('done=asked');
    const note = (await eventsOf(lead.id)).find((event) => event.kind === 'note')!;
    expect(note.actor).toBe('customer');
    expect(note.detail).toContain('Does the price include the manhole cover?');
    expect((await quoteRow(id)).quote.state).toBe('viewed');
  });
});

describe("the customer's data", () => {
  it("the person's export holds their quote with its lines and acceptance", async () => {
    const { lead, token } = await sentQuote(session);
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    const res = await postForm(session, '/admin/leads/person/export', { email: lead.email, phone: '' });
    const exported = (await res.json()) as { quotes: { state: string; lines: unknown[]; acceptance: { sha256: string } }[] };
    expect(exported.quotes).toHaveLength(1);
    expect(exported.quotes[0]).toMatchObject({
      state: 'accepted',
      acceptance: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(exported.quotes[0]!.lines).toHaveLength(4);
  });

  it('erasing them deletes their quotes but keeps an accepted one, no longer linked to them', async () => {
    const open = await sentQuote(session);
    const accepted = await sentQuote(session);
    expect((await customerQuotePost(accepted.token, '', await acceptForm(accepted.token))).status).toBe(303);
    await eraseLeads(env, [open.lead.id, accepted.lead.id]);
    expect(await quoteRow(open.id).catch(() => undefined)).toBeUndefined();
    const kept = await quoteRow(accepted.id);
    expect(kept.quote).toMatchObject({ state: 'accepted', leadId: null });
    expect(kept.acceptance?.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
