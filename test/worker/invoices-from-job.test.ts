import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentStatements } from '../../src/db/invoice-moves';
import { leads } from '../../src/db/schema';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { db, formFields, invoicePage, invoiceRow, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { acceptForm, customerQuotePost, quoteRow, sentQuote } from './quote-helpers';

/**
 * Where invoices come from: a deposit on an accepted quote, then "Invoice this job" once it is done,
 * prefilled with the lines the customer accepted and the deposit paid taken off; a job not done
 * yet is not invoiced.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  await setFacts(VAT_FACTS);
});

const page = async (path: string) => {
  const res = await request(path, { cookie: session.cookie });
  return { status: res.status, html: await res.text() };
};

const issueFrom = async (html: string) => {
  const res = await adminPost(session, '/admin/invoices', { ...formFields(html), action: 'issue' });
  expect(res.status).toBe(303);
  return /\/admin\/invoices\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
};

describe('from a quote to the final invoice', () => {
  it('a deposit on the accepted quote, then the job invoiced as accepted with the deposit taken off', async () => {
    const { lead, id: quoteId, token } = await sentQuote(session, { depositKind: 'percent', deposit: '25' });
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    const { quote } = await quoteRow(quoteId);
    // £100 + £500 (the first alternative) accepted: £600 + £120 VAT = £720; the 25% deposit accepted is £180.
    const deposit = await page(`/admin/invoices/new?quote=${quoteId}`);
    expect(deposit.status).toBe(200);
    expect(textOf(deposit.html)).toContain(`Deposit on quote ${quote.number}: £150.00 before VAT (20% VAT)`);
    const depositId = await issueFrom(deposit.html);
    const issuedDeposit = await invoiceRow(depositId);
    // Its VAT is the VAT fraction of the £180 paid: £30, and £150 net.
    expect(issuedDeposit.invoice).toMatchObject({
      kind: 'deposit',
      quoteId,
      netPence: 15_000,
      vatPence: 3_000,
      grossPence: 18_000,
      taxPointAt: null,
    });
    expect(textOf(await invoicePage(session, depositId))).toContain('Time of supply (tax point) The date the deposit is paid');
    // A second deposit invoice on the same quote is not made beside it.
    const again = await page(`/admin/invoices/new?quote=${quoteId}`);
    expect(again.status).toBe(409);
    expect(textOf(again.html)).toContain("This quote's deposit is invoiced already");
    const paidAt = Date.now();
    await db().batch(paymentStatements(db(), issuedDeposit.invoice, 18_000, paidAt, paidAt).statements);
    expect((await invoiceRow(depositId)).invoice).toMatchObject({ state: 'paid', taxPointAt: paidAt });

    await db().update(leads).set({ jobStatus: 'done' }).where(eq(leads.id, lead.id));
    const leadPage = await page(`/admin/leads/${lead.id}`);
    expect(leadPage.html).toContain('Invoice this job');
    const final = await page(`/admin/invoices/new?lead=${lead.id}`);
    expect(final.status).toBe(200);
    expect(final.html).toContain('Clear the blocked drain');
    expect(final.html).toContain('Reline the pipe');
    expect(final.html).not.toContain('Dig up and replace');
    expect(final.html).not.toContain('CCTV survey');
    const finalId = await issueFrom(final.html);
    const { invoice, lines } = await invoiceRow(finalId);
    // The whole supply (£600 + £120 VAT), less the deposit at its own net and VAT: £450 + £90 VAT.
    expect(invoice).toMatchObject({
      kind: 'final',
      quoteId,
      leadId: lead.id,
      netPence: 45_000,
      vatPence: 9_000,
      grossPence: 54_000,
      lessDepositPence: 0,
      state: 'issued',
    });
    expect(lines.at(-1)).toMatchObject({ unitPence: -15_000, vatRate: '20', vatPence: -3_000 });
    // The two invoices declare the job's VAT once: £30 + £90 = £120.
    expect(issuedDeposit.invoice.vatPence + invoice.vatPence).toBe(12_000);
    const text = textOf(await invoicePage(session, finalId));
    expect(text).toContain(`Less deposit invoiced, ${issuedDeposit.invoice.number}`);
    expect(text).toContain('Total VAT £90.00');
    expect(text).toContain('Amount due £540.00');
  });

  it('a quote accepted without a deposit has none to invoice', async () => {
    const { id: quoteId, token } = await sentQuote(session);
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    expect(textOf((await page(`/admin/quotes/${quoteId}`)).html)).not.toContain('Invoice a deposit');
    const refused = await page(`/admin/invoices/new?quote=${quoteId}`);
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain('The customer accepted this quote without a deposit');
  });

  it('a job without a quote is prefilled with its service; a job not done is not invoiced', async () => {
    const lead = await insertLead({ service: 'drain-unblocking' });
    const early = await page(`/admin/invoices/new?lead=${lead.id}`);
    expect(early.status).toBe(409);
    expect(textOf(early.html)).toContain('Only a done job is invoiced: mark the job done first.');
    expect(textOf((await page(`/admin/leads/${lead.id}`)).html)).not.toContain('Invoice this job');
    await db().update(leads).set({ jobStatus: 'done' }).where(eq(leads.id, lead.id));
    const ready = await page(`/admin/invoices/new?lead=${lead.id}`);
    expect(ready.status).toBe(200);
    expect(formFields(ready.html)).toMatchObject({
      customerName: lead.name,
      customerEmail: lead.email,
      lead: lead.id,
      kind: 'final',
    });
  });
});

describe('the invoicing settings', () => {
  it('saved in the business facts, print the bank details on the invoice', async () => {
    const form = await page('/admin/site/facts/invoicing');
    expect(form.status).toBe(200);
    // Where the bank details show, truly (issue 57): not "on every page and in search results".
    expect(form.html).toContain(
      'the bank details are on each invoice with an amount due, in the invoice e-mail and beside the invoice on the customer’s own page, with the invoice number as the reference. Never on the site’s pages or in search results.',
    );
    expect(form.html).not.toContain('Shows on every page');
    const revision = /name="revision" value="(\d+)"/.exec(form.html)![1]!;
    const saved = await adminPost(session, '/admin/site/facts/invoicing', {
      revision,
      termsDays: '30',
      bankAccountName: 'BCP Drainage Ltd',
      sortCode: '123456',
      accountNumber: '12345678',
      simplifiedInvoices: 'off',
      latePaymentInterest: 'on',
      baseRate: '4.25',
    });
    expect(saved.status).toBe(303);
    const lead = await insertLead();
    await db().update(leads).set({ jobStatus: 'done' }).where(eq(leads.id, lead.id));
    const ready = await page(`/admin/invoices/new?lead=${lead.id}`);
    expect(formFields(ready.html).termsDays).toBe('30');
    const res = await adminPost(session, '/admin/invoices', {
      ...formFields(ready.html),
      'line.0.description': 'Unblock the kitchen drain',
      'line.0.price': '90',
      action: 'issue',
    });
    expect(res.status).toBe(303);
    const id = /\/admin\/invoices\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
    const { invoice } = await invoiceRow(id);
    expect(invoice.termsDays).toBe(30);
    expect(textOf(await invoicePage(session, id))).toContain(
      `By bank transfer to BCP Drainage Ltd, sort code 12-34-56, account 12345678. Please use ${invoice.number} as the reference.`,
    );
    const bad = await adminPost(session, '/admin/site/facts/invoicing', {
      revision: String(Number(revision) + 1),
      sortCode: '12345',
      accountNumber: '1234',
    });
    expect(bad.status).toBe(400);
    const text = textOf(await bad.text());
    expect(text).toContain('A sort code has 6 digits, like 12-34-56.');
    expect(text).toContain('An account number has 8 digits.');
  });
});
