import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { findQuote } from '../../src/db/quotes';
import { londonDay } from '../../src/rules/uk-time';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { db, draftInvoice, invoiceRow, issue, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { mailFor } from './leads-helpers';
import {
  chargeRefunded,
  deliverWebhook,
  insertInvoice,
  invoiceRow as moneyRow,
  paymentRows,
  sessionCompleted,
} from './payments-helpers';
import { acceptForm, customerQuotePost, sentQuote } from './quote-helpers';

/**
 * Issue 56: what is owed either way is said, and the quote's money is the server's. A refund owed
 * after paying twice or after a credit note, the owner's refund (never more than was paid), a
 * Stripe refund capped by its charge; a quote without a VAT number charges no VAT whatever was
 * posted, and a fixed deposit over the quote's total is refused.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const paymentsPage = async (id: string) =>
  textOf(await (await request(`/admin/invoices/${id}/payments`, { cookie: session.cookie })).text());
const today = () => londonDay(Date.now());

describe('a refund owed', () => {
  it('after paying twice is said on the payments page, and the refund recorded settles it', async () => {
    const invoice = await insertInvoice({ grossPence: 4_500 });
    await adminPost(session, `/admin/invoices/${invoice.id}/payments`, {
      version: '1',
      amount: '45',
      paidOn: today(),
      method: 'bank',
    });
    // The customer pays by card from a page opened before the bank payment was recorded.
    expect((await deliverWebhook(sessionCompleted(invoice.id, 4_500))).status).toBe(200);
    expect(await moneyRow(invoice.id)).toMatchObject({ state: 'paid', paid: 9_000 });
    const owed = await paymentsPage(invoice.id);
    expect(owed).toContain('Refund owed £45.00');
    expect(owed).toContain('The customer has paid £45.00 more than this invoice now bills.');
    expect(owed).toContain('Record a refund');

    const { version } = (await moneyRow(invoice.id))!;
    const tooMuch = await adminPost(session, `/admin/invoices/${invoice.id}/payments/refund`, {
      version: String(version),
      amount: '90.01',
      paidOn: today(),
      method: 'bank',
    });
    expect(tooMuch.status).toBe(422);
    expect(textOf(await tooMuch.text())).toContain('That is more than was paid on this invoice');
    expect(await paymentRows(invoice.id)).toHaveLength(2);

    const refunded = await adminPost(session, `/admin/invoices/${invoice.id}/payments/refund`, {
      version: String(version),
      amount: '45',
      paidOn: today(),
      method: 'bank',
    });
    expect(refunded.status).toBe(303);
    expect(await moneyRow(invoice.id)).toMatchObject({ state: 'paid', paid: 4_500 });
    expect(refunded.headers.get('location')).toBe(`/admin/invoices/${invoice.id}/payments?done=refunded`);
    const settled = textOf(await (await request(refunded.headers.get('location')!, { cookie: session.cookie })).text());
    expect(settled).toContain('Refund recorded.');
    expect(settled).toContain('-£45.00, Bank transfer (refund)');
    expect(settled).toContain('Left to pay £0.00');
    expect(settled).not.toContain('Refund owed');
  });

  it('after a credit note on a part-paid invoice is said on its page and in the customer e-mail', async () => {
    await setFacts(VAT_FACTS);
    const { lead, id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const issued = (await invoiceRow(id)).invoice;
    await adminPost(session, `/admin/invoices/${id}/payments`, {
      version: String(issued.version),
      amount: '100',
      paidOn: today(),
      method: 'cash',
    });
    const paid = (await invoiceRow(id)).invoice;
    expect(
      (await adminPost(session, `/admin/invoices/${id}/credit`, { version: String(paid.version), whole: 'yes' })).status,
    ).toBe(303);
    expect((await invoiceRow(id)).invoice).toMatchObject({ state: 'credited', amountPaidPence: 10_000 });
    const page = textOf(await (await request(`/admin/invoices/${id}`, { cookie: session.cookie })).text());
    expect(page).toContain('Refund owed £100.00');
    expect(page).not.toContain('Amount due');
    const mail = (await mailFor(lead.email)).find((m) => m.body.subject.startsWith('Credit note'))!;
    const text = mail.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(text).toContain('Refund owed to you: £100.00');
    expect(text).toContain('You have paid £100.00 more than the invoice now asks, and we will refund it to you.');
  });

  it('from Stripe is never more than the charge it refunds', async () => {
    const invoice = await insertInvoice({ grossPence: 6_000 });
    const event = `evt_${crypto.randomUUID()}`;
    await deliverWebhook(sessionCompleted(invoice.id, 6_000, event));
    expect((await deliverWebhook(chargeRefunded(`pi_${event}`, 9_000))).status).toBe(200);
    expect((await paymentRows(invoice.id)).map((row) => row.amount)).toEqual([6_000, -6_000]);
    expect(await moneyRow(invoice.id)).toMatchObject({ state: 'issued', paid: 0 });
    // A later event saying the same adds nothing.
    await deliverWebhook(chargeRefunded(`pi_${event}`, 9_500));
    expect(await paymentRows(invoice.id)).toHaveLength(2);
  });
});

describe("a quote's money is the server's", () => {
  const quoteFields = (lead: { id: string; name: string; email: string }, extra: Record<string, string>) => ({
    lead: lead.id,
    customerName: lead.name,
    customerEmail: lead.email,
    'line.0.description': 'Clear the drain',
    'line.0.kind': 'labour',
    'line.0.quantity': '1',
    'line.0.price': '150',
    'line.0.vat': '20',
    action: 'save',
    ...extra,
  });

  it('charges no VAT when the business has no VAT number, whatever rate was posted', async () => {
    await setFacts({ vatNumber: '' });
    const lead = await insertLead({ service: 'drain-unblocking' });
    const res = await adminPost(session, '/admin/quotes', quoteFields(lead, {}));
    expect(res.status).toBe(303);
    const id = /\/admin\/quotes\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
    const found = (await findQuote(db(), id))!;
    expect(found.quote.vatRegistered).toBe(false);
    expect(found.lines.map((line) => line.vatRate)).toEqual(['none']);
  });

  it('refuses a fixed deposit over the total, saving nothing', async () => {
    await setFacts(VAT_FACTS);
    const lead = await insertLead({ service: 'drain-unblocking' });
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from quotes where lead_id = ?').bind(lead.id).first<{ n: number }>())!.n;
    const res = await adminPost(session, '/admin/quotes', quoteFields(lead, { depositKind: 'amount', deposit: '500' }));
    expect(res.status).toBe(422);
    expect(textOf(await res.text())).toContain(
      "The deposit (£500.00) is more than the quote's total (£180.00). Please ask a smaller deposit, or a percent.",
    );
    expect(await count()).toBe(0);
    const fits = await adminPost(session, '/admin/quotes', quoteFields(lead, { depositKind: 'amount', deposit: '180' }));
    expect(fits.status).toBe(303);
    expect(await count()).toBe(1);
  });
});

describe('reminders that will not go', () => {
  const remindersOf = (leadId: string, kind: string) =>
    env.DB.prepare('select status from lead_messages where lead_id = ? and kind = ? order by next_attempt_at')
      .bind(leadId, kind)
      .all<{ status: string }>()
      .then((rows) => rows.results.map((row) => row.status));
  const leadPage = async (leadId: string) =>
    textOf(await (await request(`/admin/leads/${leadId}`, { cookie: session.cookie })).text());

  it("are cancelled with the quote's acceptance, and the lead's page no longer lists them as waiting", async () => {
    const { lead, token } = await sentQuote(session);
    expect(await remindersOf(lead.id, 'quote-reminder')).toContain('pending');
    expect(await leadPage(lead.id)).toMatch(/Quote reminder to the customer[\s\S]{0,120}?Waiting/);
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    const after = await remindersOf(lead.id, 'quote-reminder');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((status) => status === 'cancelled')).toBe(true);
    expect(await leadPage(lead.id)).not.toMatch(/Quote reminder to the customer[\s\S]{0,120}?Waiting/);
  });

  it('are cancelled with the payment that settles the invoice, by hand or by card', async () => {
    await setFacts(VAT_FACTS);
    for (const how of ['hand', 'card'] as const) {
      const { lead, id } = await draftInvoice(session);
      expect((await issue(session, id)).status).toBe(303);
      expect(await remindersOf(lead.id, 'invoice-reminder')).toEqual(['pending', 'pending', 'pending']);
      const { invoice } = await invoiceRow(id);
      if (how === 'hand')
        await adminPost(session, `/admin/invoices/${id}/payments`, {
          version: String(invoice.version),
          amount: (invoice.grossPence / 100).toFixed(2),
          paidOn: today(),
          method: 'bank',
        });
      else await deliverWebhook(sessionCompleted(id, invoice.grossPence));
      expect((await invoiceRow(id)).invoice.state).toBe('paid');
      expect(await remindersOf(lead.id, 'invoice-reminder')).toEqual(['cancelled', 'cancelled', 'cancelled']);
    }
  });
});
