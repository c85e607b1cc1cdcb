import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatUkDate, ukDayStart } from '../../src/rules/invoice-dates';
import { londonDay } from '../../src/rules/uk-time';
import { sendDueLeadEmails } from '../../src/scheduled';
import { takeLogs } from '../support/console-guard';
import { type Session, signIn } from './admin-helpers';
import { adminPost } from './job-helpers';
import { mailFor, ownerMailFor, setRecipientMode } from './leads-helpers';
import { deliverWebhook, insertInvoice, leadWithLink, sessionCompleted } from './payments-helpers';
import { forgetAllDevices, pushesTo, readPush, subscribeDevice } from './push-helpers';

/**
 * Everyone told of a payment: the customer's receipt for every payment (by card through Stripe's
 * webhook, or recorded by hand), the owner's e-mail and phone alert of a card payment, each queued
 * in the payment's own batch.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
beforeEach(forgetAllDevices);

type Mail = Awaited<ReturnType<typeof mailFor>>[number];
const textOf = (mail: Mail) => mail.body.content.find((part) => part.type === 'text/plain')!.value;
const to = (mail: Mail) => mail.body.personalizations[0]?.to[0]?.email;
const receiptsTo = async (email: string) =>
  (await mailFor(email)).filter((m) => to(m) === email && m.body.subject.startsWith('Receipt'));
const today = () => formatUkDate(ukDayStart(londonDay(Date.now())));

describe('a card payment through Stripe', () => {
  it('sends the customer a receipt, e-mails the owner and alerts their phone, once however often Stripe delivers it', async () => {
    const device = await subscribeDevice(session);
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 50_000 });
    const event = sessionCompleted(invoice.id, 20_000);
    expect((await deliverWebhook(event)).status).toBe(200);
    expect((await deliverWebhook(event)).status).toBe(200);

    const receipts = await receiptsTo(lead.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body.subject).toBe(
      `Receipt: £200.00 paid on invoice ${invoice.number} to ${receipts[0]!.body.from.name}`,
    );
    const text = textOf(receipts[0]!);
    expect(text).toContain('Amount paid: £200.00');
    expect(text).toContain(`Invoice: ${invoice.number}`);
    expect(text).toContain(`Date: ${today()}`);
    expect(text).toContain('Method: Card (online)');
    expect(text).toContain('Still to pay: £300.00');

    const owner = (await ownerMailFor(invoice.number!)).filter((m) => m.body.subject.includes(' paid '));
    expect(owner).toHaveLength(1);
    expect(owner[0]!.body.subject).toMatch(new RegExp(`^${lead.name} paid £200.00 on ${invoice.number} \\(ref\\. `));
    expect(textOf(owner[0]!)).toContain(`Open the invoice: https://www.example.com/admin/invoices/${invoice.id}`);

    const alerts = await Promise.all((await pushesTo(device)).map((push) => readPush(push, device)));
    expect(alerts).toEqual([
      expect.objectContaining({ title: `${lead.name} paid £200.00 on ${invoice.number}`, url: `/admin/invoices/${invoice.id}` }),
    ]);

    // The rest: its receipt says nothing is left.
    expect((await deliverWebhook(sessionCompleted(invoice.id, 30_000))).status).toBe(200);
    const last = (await receiptsTo(lead.email)).find((m) => m.body.subject.startsWith('Receipt: £300.00'));
    expect(textOf(last!)).toContain('Still to pay: Nothing: the invoice is paid in full');
  });

  it('queues the receipt, the owner e-mail and the alerts in the payment’s batch: the cron delivers what the first try could not', async () => {
    const device = await subscribeDevice(session);
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 12_000 });
    await setRecipientMode(lead.email, 'fail');
    expect((await deliverWebhook(sessionCompleted(invoice.id, 12_000))).status).toBe(200);
    takeLogs('warn', 'lead e-mail failed, will retry');
    const queued = async () =>
      (
        await env.DB.prepare(
          `select m.kind, m.status, m.created_at = p.created_at as withPayment from lead_messages m
           join payments p on p.id = m.about where p.invoice_id = ? order by m.kind`,
        )
          .bind(invoice.id)
          .all<{ kind: string; status: string; withPayment: number }>()
      ).results;
    expect(await queued()).toEqual([
      { kind: 'payment', status: 'sent', withPayment: 1 },
      { kind: 'receipt', status: 'retrying', withPayment: 1 },
    ]);
    expect(await pushesTo(device)).toHaveLength(1);

    await setRecipientMode(lead.email, null);
    await sendDueLeadEmails(env, Date.now() + 10 * 60_000);
    expect((await queued())[1]).toMatchObject({ kind: 'receipt', status: 'sent' });
    expect(textOf((await receiptsTo(lead.email)).at(-1)!)).toContain('Amount paid: £120.00');
  });
});

describe('a payment recorded by hand', () => {
  it('sends the customer a receipt with the method; the owner, who recorded it, gets no e-mail or alert of it', async () => {
    const device = await subscribeDevice(session);
    const { lead } = await leadWithLink();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 45_000 });
    const res = await adminPost(session, `/admin/invoices/${invoice.id}/payments`, {
      version: '1',
      amount: '150',
      paidOn: londonDay(Date.now()),
      method: 'cash',
    });
    expect(res.status).toBe(303);
    const receipts = await receiptsTo(lead.email);
    expect(receipts).toHaveLength(1);
    const text = textOf(receipts[0]!);
    expect(text).toContain('Amount paid: £150.00');
    expect(text).toContain(`Invoice: ${invoice.number}`);
    expect(text).toContain(`Date: ${today()}`);
    expect(text).toContain('Method: Cash');
    expect(text).toContain('Still to pay: £300.00');
    expect((await ownerMailFor(invoice.number!)).filter((m) => m.body.subject.includes(' paid '))).toHaveLength(0);
    expect(await pushesTo(device)).toHaveLength(0);
  });
});
