import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentStatements } from '../../src/db/invoice-moves';
import { invoices } from '../../src/db/schema';
import { addDays, londonDay, ukDayStart } from '../../src/rules/invoice-dates';
import { sendDueLeadEmails } from '../../src/scheduled';
import { DEFAULT_INVOICING } from '../../src/site-content/invoicing';
import { request, type Session, signIn } from './admin-helpers';
import { db, draftInvoice, invoicePage, invoiceRow, issue, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { messagesOfLead } from './job-helpers';
import { mailFor } from './leads-helpers';

/**
 * The invoice as a document: every field HMRC lists on a VAT invoice is on the page; without a VAT
 * number no VAT is shown at all; and the reminders when due and overdue, stopped once it is paid.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const DAY = 86_400_000;

describe('a VAT invoice', () => {
  it("holds every field HMRC lists, in the page's text", async () => {
    await setFacts(VAT_FACTS);
    const { lead, id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const text = textOf(await invoicePage(session, id));
    const issued = new Date(invoice.issuedAt!).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    for (const field of [
      `VAT invoice ${invoice.number}`,
      `Invoice number ${invoice.number}`,
      `Date of issue ${issued}`,
      `Time of supply (tax point) ${issued}`,
      'BCP Drainage & Plumbing',
      '1 Drain Lane, Southbourne, Bournemouth, BH6 3AA',
      'VAT registration number: GB123456789',
      lead.name,
      lead.address,
      'Jet and clear the blocked drain',
      'Quantity 1.5 × unit price £100.00 · VAT rate 20%',
      'Replacement gully grid',
      'Quantity 3 × unit price £33.33 · VAT rate 20%',
      'Net total £249.99',
      'VAT at 20% £50.00',
      'Total VAT £50.00',
      'Total including VAT £299.99',
    ])
      expect(text).toContain(field);
  });

  it('not VAT-registered: no VAT shown and no VAT number', async () => {
    await setFacts({ vatNumber: '' });
    const { id } = await draftInvoice(session, { 'line.0.vat': 'none', 'line.1.vat': 'none' });
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    expect(invoice).toMatchObject({ vatRegistered: false, vatPence: 0, grossPence: 24_999 });
    const text = textOf(await invoicePage(session, id));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('No VAT is charged');
    expect(text).toContain('Total £249.99');
    expect(text).not.toMatch(/VAT invoice|VAT registration|VAT rate|Total VAT|Time of supply/);
    await setFacts(VAT_FACTS);
  });
});

describe('the short form and the late one', () => {
  it('a simplified VAT invoice for £250 or less when the owner allows it: no customer, prices with VAT', async () => {
    await setFacts({ ...VAT_FACTS, invoicing: { ...DEFAULT_INVOICING, simplifiedInvoices: true } });
    const { lead, id } = await draftInvoice(session, { 'line.1.quantity': '1' });
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    // £150 + £33.33 net, £30.00 + £6.67 VAT: £220.00, under the limit.
    expect(invoice).toMatchObject({ simplified: true, grossPence: 22_000 });
    const text = textOf(await invoicePage(session, id));
    expect(text).toContain(`Simplified VAT invoice ${invoice.number}`);
    expect(text).toContain('VAT registration number: GB123456789');
    expect(text).toContain('Prices include VAT');
    expect(text).not.toContain(lead.name);
    const { id: over } = await draftInvoice(session);
    expect((await issue(session, over)).status).toBe(303);
    expect((await invoiceRow(over)).invoice.simplified).toBe(false);
  });

  it('lists overdue invoices first with their days, and shows a business the statutory interest and fixed sum', async () => {
    await setFacts({ ...VAT_FACTS, invoicing: { ...DEFAULT_INVOICING, latePaymentInterest: true, baseRateBp: 400 } });
    const { id } = await draftInvoice(session, { business: 'on' });
    expect((await issue(session, id)).status).toBe(303);
    // Thirty UK days back, counted on the calendar: a clock change between must not make it 29 or 31.
    await db()
      .update(invoices)
      .set({ dueAt: ukDayStart(addDays(londonDay(Date.now()), -30)) })
      .where(eq(invoices.id, id));
    const { invoice } = await invoiceRow(id);
    const list = textOf(await (await request('/admin/invoices', { cookie: session.cookie })).text());
    const items = list.slice(list.indexOf('from an accepted quote.'));
    // First of the list (every other invoice of this file is still within its terms, paid or credited).
    expect(/INV-\d{4}/.exec(items)?.[0]).toBe(invoice.number);
    expect(items).toContain(`${invoice.number} · ${invoice.customerName} Overdue: 30 days`);
    const text = textOf(await invoicePage(session, id));
    expect(text).toContain('Overdue: 30 days overdue');
    // £299.99 at 12% a year for 30 days is £2.96; the fixed sum under £1,000 is £40.
    expect(text).toContain('we may claim interest at 12% a year (£2.96 so far) and a fixed sum of £40.00');
    await setFacts({ ...VAT_FACTS, invoicing: DEFAULT_INVOICING });
  });
});

describe('reminders', () => {
  it('go when due and 7 and 14 days overdue, and stop once the invoice is paid', async () => {
    await setFacts(VAT_FACTS);
    const { lead, id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const reminders = (await messagesOfLead(lead.id)).filter((m) => m.kind === 'invoice-reminder');
    expect(reminders.map((m) => m.about.split(':')[1])).toEqual(['due', 'overdue-7', 'overdue-14']);
    expect(reminders[0]!.nextAttemptAt! - invoice.dueAt!).toBe(9 * 3_600_000);

    await sendDueLeadEmails(env, invoice.dueAt! + 10 * 3_600_000);
    expect((await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('Payment due today'))).toHaveLength(1);

    // Paid in full (as the payments' batch applies it): the later reminders are not sent.
    const { statements } = paymentStatements(db(), invoice, invoice.grossPence, Date.now(), Date.now());
    const [paid] = await db().batch(statements);
    expect(paid[0]).toMatchObject({ state: 'paid', amountPaidPence: invoice.grossPence });
    await sendDueLeadEmails(env, invoice.dueAt! + 15 * DAY);
    expect((await mailFor(lead.email)).filter((m) => m.body.subject.startsWith('Overdue'))).toHaveLength(0);
    const after = (await messagesOfLead(lead.id)).filter((m) => m.kind === 'invoice-reminder');
    expect(after.map((m) => m.status)).toEqual(['sent', 'cancelled', 'cancelled']);
  });

  it('overdue, tell a business customer the statutory interest and fixed sum when the owner turned it on', async () => {
    await setFacts({ ...VAT_FACTS, invoicing: { ...DEFAULT_INVOICING, latePaymentInterest: true, baseRateBp: 400 } });
    const business = await draftInvoice(session, { business: 'on' });
    expect((await issue(session, business.id)).status).toBe(303);
    const consumer = await draftInvoice(session);
    expect((await issue(session, consumer.id)).status).toBe(303);
    const { invoice } = await invoiceRow(business.id);
    await sendDueLeadEmails(env, invoice.dueAt! + 7 * DAY + 10 * 3_600_000);
    const overdue = async (email: string) =>
      (await mailFor(email))
        .filter((m) => m.body.subject.startsWith('Overdue by 7 days'))
        .map((m) => m.body.content.find((part) => part.type === 'text/plain')!.value);
    const [text] = await overdue(business.lead.email);
    // £299.99 at 12% a year for 7 days is £0.69; the fixed sum under £1,000 is £40.
    expect(text).toContain(
      'Under the Late Payment of Commercial Debts (Interest) Act 1998 we may claim interest at 12% a year (£0.69 so far) and a fixed sum of £40.00.',
    );
    const [plain] = await overdue(consumer.lead.email);
    expect(plain).toBeTruthy();
    expect(plain).not.toContain('Late Payment of Commercial Debts');
    await setFacts({ ...VAT_FACTS, invoicing: DEFAULT_INVOICING });
  });

  it('a payment from a stale read is refused, and a part payment leaves it part-paid', async () => {
    const { id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const [part] = await db().batch(paymentStatements(db(), invoice, 10_000, Date.now(), Date.now()).statements);
    expect(part[0]).toMatchObject({ state: 'part_paid', amountPaidPence: 10_000 });
    const [stale] = await db().batch(paymentStatements(db(), invoice, 10_000, Date.now(), Date.now()).statements);
    expect(stale).toHaveLength(0);
    expect((await invoiceRow(id)).invoice.amountPaidPence).toBe(10_000);
    const text = textOf(await invoicePage(session, id));
    expect(text).toContain('Part paid');
    expect(text).toContain('Amount due £199.99');
  });
});
