import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { eraseLeads } from '../../src/privacy/erase';
import { takeLogs } from '../support/console-guard';
import { stripeSignatureHeader } from '../support/stripe-signing';
import {
  chargeRefunded,
  deliverWebhook,
  insertInvoice,
  invoiceRow,
  leadWithLink,
  paymentRows,
  sessionCompleted,
} from './payments-helpers';

/** Stripe's webhook, signed with Stripe's real scheme: a payment recorded once per event, refunds, refusals. */

describe('the Stripe webhook', () => {
  it('records a paid Checkout session once, however often Stripe delivers it, and marks the invoice paid', async () => {
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 24_000 });
    const event = sessionCompleted(invoice.id, 24_000);
    const first = await deliverWebhook(event);
    expect(first.status).toBe(200);
    expect(await paymentRows(invoice.id)).toEqual([expect.objectContaining({ amount: 24_000, method: 'stripe' })]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'paid', paid: 24_000 });
    const version = (await invoiceRow(invoice.id))!.version;

    // Stripe retries until it sees a 2xx, and may deliver twice anyway: the same event changes nothing.
    for (let i = 0; i < 2; i++) expect((await deliverWebhook(event)).status).toBe(200);
    expect(await paymentRows(invoice.id)).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'paid', paid: 24_000, version });
  });

  it('a part payment makes the invoice part-paid; the rest makes it paid', async () => {
    const invoice = await insertInvoice({ grossPence: 50_000 });
    expect((await deliverWebhook(sessionCompleted(invoice.id, 20_000))).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'part_paid', paid: 20_000 });
    expect((await deliverWebhook(sessionCompleted(invoice.id, 30_000))).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'paid', paid: 50_000 });
  });

  it('refuses a bad signature, another secret or a stale timestamp with 400 and writes nothing', async () => {
    const invoice = await insertInvoice({ grossPence: 9_000 });
    const event = sessionCompleted(invoice.id, 9_000);
    const now = Math.floor(Date.now() / 1000);
    const signedOriginal = await stripeSignatureHeader(env.STRIPE_WEBHOOK_SECRET!, event, now);
    const refusals = [
      await deliverWebhook(event, { secret: 'whsec_someone_else' }),
      await deliverWebhook(event, { timestamp: now - 301 }),
      await deliverWebhook(event, { timestamp: now + 301 }),
      await deliverWebhook(event, { signature: `t=${now},v1=${'0'.repeat(64)}` }),
      await deliverWebhook(event, { signature: '' }),
      // Signed, then changed on the way: the signature covers the raw bytes.
      await deliverWebhook(event.replace('"amount_total":9000', '"amount_total":1'), { signature: signedOriginal }),
    ];
    expect(refusals.map((res) => res.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(takeLogs('warn', 'stripe webhook refused')).toHaveLength(6);
    expect(await paymentRows(invoice.id)).toEqual([]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'issued', paid: 0, version: 1 });
    // Within the tolerance it is taken.
    expect((await deliverWebhook(event, { timestamp: now - 250 })).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'paid', paid: 9_000 });
  });

  it('records a refund made in Stripe as a negative payment, each partial refund once', async () => {
    const invoice = await insertInvoice({ grossPence: 30_000 });
    const paidEvent = `evt_${crypto.randomUUID()}`;
    await deliverWebhook(sessionCompleted(invoice.id, 30_000, paidEvent));
    const refund = chargeRefunded(`pi_${paidEvent}`, 10_000);
    expect((await deliverWebhook(refund)).status).toBe(200);
    expect((await deliverWebhook(refund)).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'part_paid', paid: 20_000 });
    // Stripe's amount_refunded is the charge's total refunded so far.
    expect((await deliverWebhook(chargeRefunded(`pi_${paidEvent}`, 30_000))).status).toBe(200);
    expect((await paymentRows(invoice.id)).map((p) => p.amount)).toEqual([30_000, -10_000, -20_000]);
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: 'issued', paid: 0 });
  });
});

describe('erasure', () => {
  it('erasing the customer keeps their invoices and payments (accounting records), no longer linked to the lead', async () => {
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 12_000, customerName: 'Maria Smith' });
    await deliverWebhook(sessionCompleted(invoice.id, 12_000));
    await eraseLeads(env, [lead.id]);
    expect(await env.DB.prepare('select count(*) as n from leads where id = ?').bind(lead.id).first('n')).toBe(0);
    const kept = await env.DB.prepare('select lead_id, number, customer_name, state from invoices where id = ?')
      .bind(invoice.id)
      .first();
    expect(kept).toEqual({ lead_id: null, number: invoice.number, customer_name: 'Maria Smith', state: 'paid' });
    expect(await paymentRows(invoice.id)).toEqual([expect.objectContaining({ amount: 12_000, method: 'stripe' })]);
  });
});
