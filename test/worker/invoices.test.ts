import { beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice } from '../../src/db/invoice-moves';
import { createInvoiceDraft, findInvoice } from '../../src/db/invoices';
import { personWithSession, request, type Session, signIn } from './admin-helpers';
import { counter, db, draftInvoice, invoicePage, invoiceRow, issue, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';

/**
 * Issue 49 against the real local D1: numbers taken in the issuing batch (consecutive under
 * concurrency, no gap after a draft is deleted), an issued invoice refusing edits and deletion,
 * credit notes summing right, VAT rounded per line.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  await setFacts(VAT_FACTS);
});

const numberOf = (n: string | null) => Number(n?.replace('INV-', ''));

describe('numbering', () => {
  it('gives invoices issued at once consecutive numbers, none shared, none skipped', async () => {
    const now = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 8 }, () =>
        createInvoiceDraft(
          db(),
          {
            leadId: null,
            quoteId: null,
            kind: 'final',
            customerName: 'Concurrent Customer',
            customerEmail: 'concurrent@example.org',
            customerAddress: '',
            business: false,
            termsDays: 14,
            suppliedAt: null,
            notes: '',
            lines: [{ description: 'Work', kind: 'labour', quantityMilli: 1000, unitPence: 1000, vatRate: '20' }],
          },
          now,
        ),
      ),
    );
    const first = await counter('invoice');
    const facts = {
      issuedAt: now,
      dueAt: now,
      taxPointAt: now,
      vatRegistered: true,
      simplified: false,
      seller: '{}',
      lessDepositPence: 0,
      netPence: 1000,
      vatPence: 200,
      grossPence: 1200,
    };
    const record = { actor: 'Owner', detail: { before: 'Invoice ', after: ' issued' }, mails: [], willSend: false };
    const issued = await Promise.all(ids.map((id) => issueInvoice(db(), { id, version: 1 }, facts, now, record)));
    const numbers = issued.map((invoice) => numberOf(invoice!.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
    expect(await counter('invoice')).toBe(first + 8);
    // Issuing one of them again (its old version) takes no number.
    expect(await issueInvoice(db(), { id: ids[0]!, version: 1 }, facts, now, record)).toBeUndefined();
    expect(await counter('invoice')).toBe(first + 8);
  });

  it('a deleted draft leaves no gap: it never had a number', async () => {
    const { id: deleted } = await draftInvoice(session);
    const before = await counter('invoice');
    const { invoice } = await invoiceRow(deleted);
    const res = await adminPost(session, `/admin/invoices/${deleted}/delete`, { version: String(invoice.version) });
    expect(res.status).toBe(303);
    expect(await findInvoice(db(), deleted)).toBeUndefined();
    const { id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    expect(numberOf((await invoiceRow(id)).invoice.number)).toBe(before);
  });
});

describe('an issued invoice', () => {
  it('refuses edits and deletion with 409 and says how to correct it', async () => {
    const { id } = await draftInvoice(session);
    const { invoice: draft } = await invoiceRow(id);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice, lines } = await invoiceRow(id);
    expect(invoice.state).toBe('issued');
    const edit = await adminPost(session, `/admin/invoices/${id}`, {
      version: String(invoice.version),
      customerName: 'Someone Else',
      customerEmail: invoice.customerEmail,
      'line.0.description': 'Changed',
      'line.0.price': '1',
      action: 'save',
    });
    expect(edit.status).toBe(409);
    expect(textOf(await edit.text())).toContain(
      `Invoice ${invoice.number} is issued (issued): an issued invoice is never changed or deleted. To correct it, write a credit note.`,
    );
    const stale = await adminPost(session, `/admin/invoices/${id}/delete`, { version: String(draft.version) });
    expect(stale.status).toBe(409);
    const del = await adminPost(session, `/admin/invoices/${id}/delete`, { version: String(invoice.version) });
    expect(del.status).toBe(409);
    const after = await invoiceRow(id);
    expect(after.invoice.customerName).toBe(invoice.customerName);
    expect(after.lines).toEqual(lines);
  });

  it('e-mails the customer the invoice when issued', async () => {
    const { lead, id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { mailFor } = await import('./leads-helpers');
    const mail = (await mailFor(lead.email)).find((m) => m.body.subject.startsWith('Your invoice'));
    expect(mail).toBeTruthy();
    const text = mail!.body.content.find((part) => part.type === 'text/plain')!.value;
    const { invoice } = await invoiceRow(id);
    expect(text).toContain(invoice.number!);
    expect(text).toContain('VAT registration number');
    expect(text).toContain('Total including VAT: £299.99');
  });
});

describe('VAT', () => {
  it('rounds each line half-up and totals the lines: £150.00 + £99.99 net, £30.00 + £20.00 VAT', async () => {
    // 3 × £33.33 = £99.99; 20% of it is £19.998, shown as £20.00 on the line.
    const { id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    expect(invoice).toMatchObject({ netPence: 24_999, vatPence: 5_000, grossPence: 29_999 });
    const text = textOf(await invoicePage(session, id));
    expect(text).toContain('Net total £249.99');
    expect(text).toContain('Total VAT £50.00');
    expect(text).toContain('Total including VAT £299.99');
  });
});

describe('credit notes', () => {
  it('take back part and then the rest, numbered in their own sequence, and the invoice reads credited', async () => {
    const { id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const start = await counter('credit_note');
    const read = async () => (await invoiceRow(id)).invoice.version;
    const part = await adminPost(session, `/admin/invoices/${id}/credit`, {
      version: String(await read()),
      description: 'One grid returned',
      amount: '33.33',
    });
    expect(part.status).toBe(303);
    let found = await invoiceRow(id);
    expect(found.creditNotes).toHaveLength(1);
    expect(found.creditNotes[0]).toMatchObject({
      number: `CN-${String(start).padStart(4, '0')}`,
      netPence: 3_333,
      vatPence: 667,
      grossPence: 4_000,
    });
    expect(found.invoice).toMatchObject({ amountCreditedPence: 4_000, state: 'issued' });
    const tooMuch = await adminPost(session, `/admin/invoices/${id}/credit`, {
      version: String(await read()),
      description: 'Everything twice',
      amount: '1000',
    });
    expect(tooMuch.status).toBe(409);
    expect(await counter('credit_note')).toBe(start + 1);
    const rest = await adminPost(session, `/admin/invoices/${id}/credit`, {
      version: String(await read()),
      whole: 'yes',
      reason: 'Cancelled',
    });
    expect(rest.status).toBe(303);
    found = await invoiceRow(id);
    expect(found.creditNotes.map((note) => note.grossPence)).toEqual([4_000, 25_999]);
    const sum = found.creditNotes.reduce((total, note) => total + note.grossPence, 0);
    expect(sum).toBe(found.invoice.grossPence);
    expect(found.creditNotes.reduce((total, note) => total + note.netPence + note.vatPence, 0)).toBe(sum);
    expect(found.invoice).toMatchObject({ amountCreditedPence: 29_999, state: 'credited' });
    expect(await counter('credit_note')).toBe(start + 2);
  });
});

describe('who may see invoices', () => {
  it('the office may, an engineer may not', async () => {
    const office = await personWithSession('office');
    expect((await request('/admin/invoices', { cookie: office.cookie })).status).toBe(200);
    const engineer = await personWithSession('engineer');
    expect((await request('/admin/invoices', { cookie: engineer.cookie })).status).toBe(403);
  });
});
