import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '../../src/rules/uk-time';
import { request, type Session, signIn } from './admin-helpers';
import { adminPost } from './job-helpers';
import { deliverWebhook, insertInvoice, invoiceRow, leadWithLink, paymentRows, sessionCompleted } from './payments-helpers';

/** The owner records cash, cheque, card-machine and bank payments by hand: part payments, the version check. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const pathOf = (id: string) => `/admin/invoices/${id}/payments`;
const today = () => londonDay(Date.now());
const text = async (id: string) => (await request(pathOf(id), { cookie: session.cookie })).text();

describe('recording a payment by hand', () => {
  it('part payments sum right: part-paid, then paid, each with its method and day', async () => {
    const invoice = await insertInvoice({ grossPence: 45_000 });
    const before = await text(invoice.id);
    expect(before).toContain(`Payments on ${invoice.number}`);
    expect(before).toContain('Left to pay</dt><dd>£450.00');

    const first = await adminPost(session, pathOf(invoice.id), { version: '1', amount: '150', paidOn: today(), method: 'cash' });
    expect(first.status).toBe(303);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'part_paid', paid: 15_000, version: 2 });
    expect(first.headers.get('location')).toBe(`${pathOf(invoice.id)}?done=recorded`);
    const page = await (await request(first.headers.get('location')!, { cookie: session.cookie })).text();
    expect(page).toContain('Payment recorded.');
    expect(page).toContain('£150.00, Cash');
    expect(page).toContain('Left to pay</dt><dd>£300.00');

    const rest = await adminPost(session, pathOf(invoice.id), {
      version: '2',
      amount: '300.00',
      paidOn: today(),
      method: 'card_machine',
    });
    expect(rest.status).toBe(303);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'paid', paid: 45_000 });
    expect((await paymentRows(invoice.id)).map((p) => [p.amount, p.method])).toEqual([
      [15_000, 'cash'],
      [30_000, 'card_machine'],
    ]);
    expect(await text(invoice.id)).not.toContain('Record payment');
    const audit = await env.DB.prepare("select count(*) as n from audit_log where action = 'payment-recorded' and object_id = ?")
      .bind(invoice.id)
      .first<{ n: number }>();
    expect(audit?.n).toBe(2);
  });

  it('a form read before a change (a card payment came in) records nothing and says what changed', async () => {
    const invoice = await insertInvoice({ grossPence: 20_000 });
    await deliverWebhook(sessionCompleted(invoice.id, 5_000));
    const res = await adminPost(session, pathOf(invoice.id), { version: '1', amount: '50', paidOn: today(), method: 'cheque' });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(
      'The invoice changed while you were looking at it: it is now part paid, with £50.00 paid.',
    );
    expect((await paymentRows(invoice.id)).map((p) => p.method)).toEqual(['stripe']);
  });

  it('refuses more than is left, a day after today, an unknown method, with the reason and nothing written', async () => {
    const invoice = await insertInvoice({ grossPence: 10_000 });
    const cases = [
      [{ amount: '100.01', paidOn: today(), method: 'cash' }, 'That is more than is left to pay on this invoice.'],
      [{ amount: 'ten', paidOn: today(), method: 'cash' }, 'Enter the amount paid'],
      [{ amount: '10', paidOn: '2999-01-01', method: 'cash' }, 'The day it was paid cannot be after today.'],
      [{ amount: '10', paidOn: today(), method: 'stripe' }, 'Choose how it was paid.'],
    ] as const;
    for (const [fields, words] of cases) {
      const res = await adminPost(session, pathOf(invoice.id), { version: '1', ...fields });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain(words);
    }
    expect(await paymentRows(invoice.id)).toEqual([]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'issued', paid: 0, version: 1 });
  });
});

describe("the job's money on its lead page", () => {
  it('shows what was invoiced, paid and is still owed', async () => {
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 30_000 });
    await adminPost(session, pathOf(invoice.id), { version: '1', amount: '100', paidOn: today(), method: 'bank' });
    const html = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(html).toContain('<dt>Invoiced</dt><dd>£300.00</dd><dt>Paid</dt><dd>£100.00</dd><dt>Still owed</dt><dd>£200.00</dd>');
  });
});
