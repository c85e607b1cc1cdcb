import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, type Session, signIn } from './admin-helpers';
import { draftInvoice } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { insertInvoice } from './payments-helpers';

/**
 * Erasing a person: a draft invoice or a quote never accepted is no money record, only their name,
 * address and e-mail waiting, so it goes with the lead; an issued invoice is kept for the
 * accounting years (no longer pointing at the lead).
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** Every stored row (invoices, quotes and their lines) that still holds this text anywhere. */
async function rowsHolding(text: string) {
  const like = `%${text}%`;
  const invoices = await env.DB.prepare(
    `select id, state, number, lead_id as leadId, customer_name as name from invoices
     where customer_name like ?1 or customer_email like ?1 or customer_address like ?1`,
  )
    .bind(like)
    .all<{ id: string; state: string; number: string | null; leadId: string | null; name: string }>();
  const quotes = await env.DB.prepare(
    'select id from quotes where customer_name like ?1 or customer_email like ?1 or customer_address like ?1',
  )
    .bind(like)
    .all();
  return { invoices: invoices.results, quotes: quotes.results };
}

const linesOf = async (table: 'invoice_lines' | 'quote_lines', column: 'invoice_id' | 'quote_id', id: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`).bind(id).first<{ n: number }>())!.n;

describe('erasing a person with invoices and quotes', () => {
  it("deletes their draft invoice and unsent quote with their lines, and keeps the issued invoice's record", async () => {
    const { lead, id: draftId } = await draftInvoice(session);
    const issued = await insertInvoice({ leadId: lead.id, customerName: lead.name, issuedAt: Date.now() - 86_400_000 });
    const quote = await adminPost(session, '/admin/quotes', {
      lead: lead.id,
      customerName: lead.name,
      customerEmail: lead.email,
      customerAddress: lead.address,
      'line.0.description': 'Clear the blocked drain',
      'line.0.kind': 'labour',
      'line.0.price': '100',
      'line.0.vat': '20',
      action: 'save',
    });
    expect(quote.status).toBe(303);
    const quoteId = /\/admin\/quotes\/([0-9a-f-]{36})$/.exec(quote.headers.get('Location') ?? '')![1]!;
    const before = await rowsHolding(lead.name);
    expect(before.invoices.map((row) => row.id).sort()).toEqual([draftId, issued.id].sort());
    expect(before.quotes).toHaveLength(1);
    expect(await linesOf('invoice_lines', 'invoice_id', draftId)).toBe(2);
    expect(await linesOf('quote_lines', 'quote_id', quoteId)).toBe(1);

    const res = await postForm(session, '/admin/leads/person/erase', { email: lead.email, phone: '', confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?notice=erased&count=1');

    // Nothing of the draft or the quote is left: not their name, e-mail or address, not their lines.
    for (const text of [lead.name, lead.email, lead.address]) {
      const after = await rowsHolding(text);
      expect(after.quotes).toEqual([]);
      expect(after.invoices.filter((row) => row.state === 'draft')).toEqual([]);
    }
    expect(await linesOf('invoice_lines', 'invoice_id', draftId)).toBe(0);
    expect(await linesOf('quote_lines', 'quote_id', quoteId)).toBe(0);
    // The issued invoice is an accounting record: kept whole until its years are over, the lead gone from it.
    expect((await rowsHolding(lead.name)).invoices).toEqual([
      { id: issued.id, state: 'issued', number: issued.number, leadId: null, name: lead.name },
    ]);
  });
});
