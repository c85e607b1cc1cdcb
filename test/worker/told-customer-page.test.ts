import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INVOICING } from '../../src/site-content/invoicing';
import { type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { draftInvoice, invoiceRow, issue, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor } from './leads-helpers';
import { deliverWebhook, insertInvoice, leadWithLink, sessionCompleted } from './payments-helpers';
import { acceptForm, customerQuotePost, sentQuote } from './quote-helpers';

/**
 * Everyone told, on the customer's side: the invoice e-mail offers "Pay now" when card payments are
 * on; their page opens and prints each of their invoices and credit notes; its status follows the job.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  await setFacts({
    ...VAT_FACTS,
    invoicing: { ...DEFAULT_INVOICING, bankAccountName: 'BCP Drainage Ltd', sortCode: '12-34-56', accountNumber: '12345678' },
  });
});

/** A draft invoice for a done job whose request link works (a 22-character key, as the site gives). */
async function draftWithLink() {
  const drafted = await draftInvoice(session);
  const key = crypto.randomUUID().replaceAll('-', '').slice(0, 22);
  await env.DB.prepare('update leads set request_key = ?, handled_at = ? where id = ?')
    .bind(key, Date.now(), drafted.lead.id)
    .run();
  return drafted;
}

type Mail = Awaited<ReturnType<typeof mailFor>>[number];
const plain = (mail: Mail) => mail.body.content.find((part) => part.type === 'text/plain')!.value;
const invoiceMail = async (email: string) => (await mailFor(email)).find((m) => m.body.subject.startsWith('Your invoice'))!;
const pageText = async (path: string) => textOf(await (await requestPage(path)).text());
const statusOn = (text: string) => /Status (.+?) (?:Booking|Your quote|Your invoice|Anything urgent)/.exec(text)?.[1];

describe('the invoice e-mail', () => {
  it('with card payments on, offers "Pay now" on the customer’s page, and the bank transfer beside it', async () => {
    const { lead, id } = await draftWithLink();
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const text = plain(await invoiceMail(lead.email));
    const page = /Pay now by card: (https:\/\/www\.example\.com\/r\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})\n/.exec(text)?.[1];
    expect(page).toBeTruthy();
    expect(text).toContain(`By card: press "Pay now" on your page with us, ${page}.`);
    expect(text).toContain(
      `Or by bank transfer to BCP Drainage Ltd, sort code 12-34-56, account 12345678. Please use ${invoice.number} as the reference.`,
    );
    // The link leads to the page where "Pay now" is.
    expect(await pageText(new URL(page!).pathname)).toContain(`Pay £${(invoice.grossPence / 100).toFixed(2)} now`);
  });

  it('without card payments, says bank transfer only', async () => {
    const noStripe = { ...env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
    const { lead, id } = await draftWithLink();
    const { invoice, lines } = await invoiceRow(id);
    const res = await adminPost(
      session,
      `/admin/invoices/${id}`,
      {
        version: String(invoice.version),
        customerName: invoice.customerName,
        customerEmail: invoice.customerEmail,
        customerAddress: invoice.customerAddress,
        termsDays: String(invoice.termsDays),
        ...Object.fromEntries(
          lines.flatMap((line, i) => [
            [`line.${i}.description`, line.description],
            [`line.${i}.kind`, line.kind],
            [`line.${i}.quantity`, String(line.quantityMilli / 1000)],
            [`line.${i}.price`, (line.unitPence / 100).toFixed(2)],
            [`line.${i}.vat`, line.vatRate],
          ]),
        ),
        action: 'issue',
      },
      { bindings: noStripe },
    );
    expect(res.status).toBe(303);
    const text = plain(await invoiceMail(lead.email));
    expect(text).not.toContain('Pay now');
    expect(text).toContain('Your page with us: https://www.example.com/r/');
    expect(text).toContain('How to pay:\nBy bank transfer to BCP Drainage Ltd, sort code 12-34-56');
  });
});

describe('the customer’s documents on their page', () => {
  it('opens each of their invoices and credit notes as a printable page; never anyone else’s', async () => {
    const { lead, id } = await draftWithLink();
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const credit = await adminPost(session, `/admin/invoices/${id}/credit`, {
      version: String(invoice.version),
      description: 'One grid returned',
      amount: '33.33',
      reason: 'Grid not needed',
    });
    expect(credit.status).toBe(303);
    const note = (await invoiceRow(id)).creditNotes[0]!;
    const link = /\/r\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/.exec(plain(await invoiceMail(lead.email)))![0];

    const html = await (await requestPage(link)).text();
    expect(html).toContain(`href="${link}/invoices/${id}"`);
    expect(html).toContain(`href="${link}/credit-notes/${note.id}"`);
    expect(textOf(html)).toContain(`Open invoice ${invoice.number} to print`);
    expect(textOf(html)).toContain(`Open credit note ${note.number} to print`);

    const doc = await requestPage(`${link}/invoices/${id}`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('cache-control')).toMatch(/no-store/);
    expect(doc.headers.get('x-robots-tag')).toContain('noindex');
    const docHtml = await doc.text();
    expect(docHtml).toContain('<meta name="robots" content="noindex');
    expect(docHtml).not.toContain('<script');
    const docText = textOf(docHtml);
    expect(docText).toContain(`VAT invoice ${invoice.number}`);
    expect(docText).toContain('VAT registration number: GB123456789');
    expect(docText).toContain('Jet and clear the blocked drain');
    expect(docText).toContain(`${note.number}`);
    expect(docText).toContain('Back to your page');
    expect(docText).toContain("use your browser's Print");

    const noteText = await pageText(`${link}/credit-notes/${note.id}`);
    expect(noteText).toContain(`Credit note ${note.number}`);
    expect(noteText).toContain(`Credits invoice ${invoice.number}`);
    expect(noteText).toContain('Reason Grid not needed');
    expect(noteText).toContain('Total credited including VAT £40.00');

    // Another customer's link opens none of them; a draft is no document.
    const other = await leadWithLink();
    expect((await requestPage(`/r/${other.token}/invoices/${id}`)).status).toBe(404);
    expect((await requestPage(`/r/${other.token}/credit-notes/${note.id}`)).status).toBe(404);
    const draft = await insertInvoice({ leadId: other.lead.id, state: 'draft' });
    expect((await requestPage(`/r/${other.token}/invoices/${draft.id}`)).status).toBe(404);
  });
});

describe('the status on the customer’s page follows the job', () => {
  it('new, quote accepted, booked, work done, paid', async () => {
    const { lead, token } = await sentQuote(session);
    const page = () => pageText(`/r/${token}`);
    expect(statusOn(await page())).toBe('New: We have your request and will be in touch.');

    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    expect(statusOn(await page())).toBe(
      'Quote accepted: Thank you for accepting our quote. We will be in touch to book the work.',
    );

    await env.DB.prepare(
      "update leads set job_status = 'booked', booked_day = '2030-01-10', booked_from = '10:00', booked_to = '12:00' where id = ?",
    )
      .bind(lead.id)
      .run();
    expect(statusOn(await page())).toBe('Booked: Your visit is booked.');

    await env.DB.prepare("update leads set job_status = 'done', handled_at = ? where id = ?").bind(Date.now(), lead.id).run();
    const invoice = await insertInvoice({ leadId: lead.id, grossPence: 30_000 });
    expect(statusOn(await page())).toBe('Done: The job is done. Thank you for choosing us.');

    expect((await deliverWebhook(sessionCompleted(invoice.id, 30_000))).status).toBe(200);
    expect(statusOn(await page())).toBe('Paid: The work is done and paid for. Thank you for choosing us.');
  });

  it('a cancelled visit says so, whatever was accepted', async () => {
    const lead = await insertLead({ name: 'Cancel Status' });
    const key = crypto.randomUUID().replaceAll('-', '').slice(0, 22);
    await env.DB.prepare("update leads set request_key = ?, job_status = 'cancelled', handled_at = ? where id = ?")
      .bind(key, Date.now(), lead.id)
      .run();
    const { requestToken } = await import('../../src/jobs/request-token');
    expect(statusOn(await pageText(`/r/${await requestToken(env, key)}`))).toBe('Cancelled: Your visit is cancelled.');
  });
});
