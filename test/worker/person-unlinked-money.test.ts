import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { issue } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { person } from './privacy-helpers';

/**
 * A person's quotes and invoices that no lead holds: a walk-in's quote or invoice not sent yet,
 * and what an erased lead left for the accounts. The person search lists them, the copy holds
 * them, and Erase deletes the ones never sent while an issued invoice stays.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const LINE = { 'line.0.description': 'Clear the blocked drain', 'line.0.price': '120', 'line.0.vat': '20' };
const idOf = (res: Response) => /\/admin\/(?:quotes|invoices)\/([0-9a-f-]{36})$/.exec(res.headers.get('Location') ?? '')?.[1];

/** A walk-in's quote, saved as a draft (no lead: only sending gives it one). */
async function walkInQuote(name: string, email: string, phone: string) {
  const res = await adminPost(session, '/admin/quotes', {
    customerName: name,
    customerEmail: email,
    customerPhone: phone,
    ...LINE,
    action: 'save',
  });
  expect(res.status).toBe(303);
  return idOf(res)!;
}

/** A walk-in's invoice, saved as a draft. */
async function walkInInvoice(name: string, email: string) {
  const res = await adminPost(session, '/admin/invoices', {
    kind: 'final',
    customerName: name,
    customerEmail: email,
    customerAddress: '3 Bay Road, Poole BH14 0AA',
    ...LINE,
    action: 'save',
  });
  expect(res.status).toBe(303);
  return idOf(res)!;
}

const exists = async (table: 'quotes' | 'invoices', id: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where id = ?`).bind(id).first<{ n: number }>())!.n === 1;
const linesOf = async (table: 'quote_lines' | 'invoice_lines', column: 'quote_id' | 'invoice_id', id: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`).bind(id).first<{ n: number }>())!.n;

describe("a person's quotes and invoices with no lead", () => {
  it('are found by e-mail or phone, listed with what Erase does, in the copy, and erased unless issued', async () => {
    const ann = person();
    const name = `Walk-in ${ann.digits}`;
    const quote = await walkInQuote(name, ann.email, ann.national);
    const draft = await walkInInvoice(name, ann.email.toUpperCase());
    const issued = await walkInInvoice(name, ann.email);
    expect((await issue(session, issued)).status).toBe(303);
    const someoneElse = await walkInQuote('Someone Else', `not.${ann.email}`, `01632 ${ann.digits}1`);

    const byEmail = await (await postForm(session, '/admin/leads/person', { email: ann.email, phone: '' })).text();
    expect(byEmail).toContain(`1 quote and 2 invoices for ${ann.email}`);
    expect(byEmail).toContain(`href="/admin/quotes/${quote}"`);
    expect(byEmail).toContain(`href="/admin/invoices/${draft}"`);
    expect(byEmail).toContain(`href="/admin/invoices/${issued}"`);
    expect(byEmail).not.toContain(someoneElse);
    expect(byEmail.match(/Never sent: Erase deletes it\./g)).toHaveLength(2);
    expect(byEmail.match(/Kept for the accounts: Erase leaves it\./g)).toHaveLength(1);
    // Erase names what it deletes: the two never sent, not the issued invoice.
    expect(byEmail).toContain('Erase 1 quote and 1 invoice');
    expect(byEmail).toContain('Draft quote, written');
    expect(byEmail).toContain('Draft invoice, written');

    // The quote also by its phone, however it is written; an invoice has no phone.
    const byPhone = await (await postForm(session, '/admin/leads/person', { email: '', phone: `+44 1632 ${ann.digits}` })).text();
    expect(byPhone).toContain(`1 quote for +44 1632 ${ann.digits}`);
    expect(byPhone).toContain(`href="/admin/quotes/${quote}"`);
    expect(byPhone).not.toContain(someoneElse);

    const copy = (await (await postForm(session, '/admin/leads/person/export', { email: ann.email, phone: '' })).json()) as {
      leadCount: number;
      quotes: unknown[];
      invoices: { number: string | null; state: string }[];
    };
    expect(copy.leadCount).toBe(0);
    expect(copy.quotes).toHaveLength(1);
    expect(copy.invoices.map((invoice) => invoice.state).sort()).toEqual(['Draft', 'Issued']);

    const erased = await postForm(session, '/admin/leads/person/erase', { email: ann.email, phone: '', confirm: 'yes' });
    expect(erased.status).toBe(303);
    const notice = await (await request(erased.headers.get('Location')!, { cookie: session.cookie })).text();
    expect(notice).toContain('The quotes and invoices never sent were deleted.');
    expect(await exists('quotes', quote)).toBe(false);
    expect(await linesOf('quote_lines', 'quote_id', quote)).toBe(0);
    expect(await exists('invoices', draft)).toBe(false);
    expect(await linesOf('invoice_lines', 'invoice_id', draft)).toBe(0);
    expect(await exists('invoices', issued)).toBe(true);
    expect(await linesOf('invoice_lines', 'invoice_id', issued)).toBe(1);
    expect(await exists('quotes', someoneElse)).toBe(true);

    // What is left is the issued invoice, kept for the accounts, and Erase is no longer offered.
    const after = await (await postForm(session, '/admin/leads/person', { email: ann.email, phone: '' })).text();
    expect(after).toContain(`1 invoice for ${ann.email}`);
    expect(after).not.toContain('action="/admin/leads/person/erase"');
  });
});
