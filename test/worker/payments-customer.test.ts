import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
import { call, ORIGIN } from './leads-helpers';
import {
  deliverWebhook,
  insertInvoice,
  invoiceRow,
  leadWithLink,
  paymentRows,
  sessionCompleted,
  setStripeMode,
  stripeSessions,
} from './payments-helpers';

/** The customer's invoices on their request page: "Pay now" through the stand-in Stripe, or the bank details. */

const page = async (token: string, bindings: Cloudflare.Env = env) => (await call(`/r/${token}`, {}, bindings)).text();
const payNow = (token: string, invoiceId: string) =>
  call(`/r/${token}/invoices/${invoiceId}/pay`, {
    method: 'POST',
    headers: { Origin: ORIGIN },
    body: new URLSearchParams({ version: '1' }),
    redirect: 'manual',
  });

const seller = JSON.stringify({
  name: 'BCP Drainage',
  address: '1 Quay, Poole',
  vatNumber: '',
  companyNumber: '',
  email: 'a@example.com',
  phone: '01202 000000',
  bank: { accountName: 'BCP Drainage Ltd', sortCode: '20-00-00', accountNumber: '12345678' },
});

describe("the customer's invoices", () => {
  it('Pay now creates a Checkout session on Stripe for what is due (pence, GBP, the invoice in its metadata, an idempotency key) and sends them there', async () => {
    const { lead, token } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 24_050 });
    // The customer's page lets its form lead on to Stripe's Checkout page; no other page does.
    const policy = (await call(`/r/${token}`)).headers.get('Content-Security-Policy');
    expect(policy).toContain(`form-action 'self' https://checkout.stripe.com ${env.STRIPE_API_BASE}`);
    expect((await call('/')).headers.get('Content-Security-Policy')).toContain("form-action 'self';");
    const before = await page(token);
    expect(before).toContain(`Invoice ${invoice.number}`);
    expect(before).toContain('Pay £240.50 now');

    const res = await payNow(token, invoice.id);
    expect(res.status).toBe(303);
    const sessions = (await stripeSessions()).filter((s) => s.form['metadata[invoice_id]'] === invoice.id);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(res.headers.get('location')).toBe(`${env.STRIPE_API_BASE}/pay/${session!.id}`);
    expect(session!.authorization).toBe('Bearer sk_test_stand_in');
    expect(session!.contentType).toBe('application/x-www-form-urlencoded');
    expect(session!.idempotencyKey).toBe(`invoice-${invoice.id}-v1-24050`);
    expect(session!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '24050',
      'line_items[0][price_data][product_data][name]': `Invoice ${invoice.number}`,
      'payment_intent_data[metadata][invoice_id]': invoice.id,
      success_url: `${ORIGIN}/r/${token}?done=paid`,
      cancel_url: `${ORIGIN}/r/${token}`,
    });

    // A second tap: the same key, so Stripe answers the same session.
    const again = await payNow(token, invoice.id);
    expect(again.headers.get('location')).toBe(res.headers.get('location'));
    expect(
      new Set((await stripeSessions()).filter((s) => s.form['metadata[invoice_id]'] === invoice.id).map((s) => s.id)).size,
    ).toBe(1);

    // Stripe's webhook records the payment: the page says paid and offers nothing to pay.
    expect((await deliverWebhook(sessionCompleted(invoice.id, 24_050))).status).toBe(200);
    const after = await page(token);
    expect(after).toContain('Paid');
    expect(after).not.toContain('now</button>');
    expect(await paymentRows(invoice.id)).toHaveLength(1);
  });

  it('asks Stripe for what is left after a part payment, and never for another customer’s invoice or a draft', async () => {
    const { lead, token } = await leadWithLink();
    const other = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 50_000 });
    await deliverWebhook(sessionCompleted(invoice.id, 20_000));
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'part_paid', version: 2 });
    expect(await page(token)).toContain('Pay £300.00 now');
    await payNow(token, invoice.id);
    const sessions = (await stripeSessions()).filter((s) => s.form['metadata[invoice_id]'] === invoice.id);
    expect(sessions.map((s) => s.form['line_items[0][price_data][unit_amount]'])).toEqual(['30000']);

    const draft = await insertInvoice({ leadId: lead.id, state: 'draft' });
    for (const [who, id] of [
      [other.token, invoice.id],
      [token, draft.id],
    ] as const) {
      const res = await payNow(who, id);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/r/${who}`);
    }
    expect((await stripeSessions()).filter((s) => s.form['metadata[invoice_id]'] === draft.id)).toEqual([]);
    expect(await page(other.token)).not.toContain(invoice.number!);
  });

  it('says so when Stripe cannot be reached, and shows the bank details with the invoice number as the reference', async () => {
    const { lead, token } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 12_000, seller });
    await setStripeMode('fail');
    try {
      const res = await payNow(token, invoice.id);
      expect(res.headers.get('location')).toBe(`/r/${token}?done=pay-failed`);
      expect(takeLogs('error', 'stripe checkout refused')).toHaveLength(1);
    } finally {
      await setStripeMode('accept');
    }
    const html = await page(token);
    expect(html).toContain('Or pay by bank transfer:');
    expect(html).toContain('12345678');
    expect(html).toMatch(new RegExp(`Reference</dt><dd>${invoice.number}`));
  });

  it('without Stripe configured shows no Pay now, only the bank details and the reference', async () => {
    const { lead, token } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 12_000, seller });
    const withoutStripe = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const html = await page(token, withoutStripe);
    expect(html).not.toContain('now</button>');
    expect(html).toContain('Please pay by bank transfer:');
    expect(html).toContain('20-00-00');
    expect(html).toMatch(new RegExp(`Reference</dt><dd>${invoice.number}`));
    // And the webhook is not there to be called.
    const res = await call(
      '/stripe/webhook',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      withoutStripe,
    );
    expect(res.status).toBe(404);
  });
});
