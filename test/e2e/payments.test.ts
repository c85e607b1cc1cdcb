import { describe, expect, it } from 'vitest';
import { requestToken } from '../../src/jobs/request-token';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, fitsWidth, openPage, PHONE } from './browser';
import { queryLocalD1 } from './local-d1';

/**
 * Issue 49 on a phone at 375 px: the customer pays their invoice from their request page through
 * the stand-in Stripe (its page, then its signed webhook to the Worker), and their page says paid;
 * the owner records a part payment by hand. Screenshots go to test-results/payments (or SHOTS_DIR).
 */

const suite = browserSuite('payments');
const t = crypto.randomUUID().slice(0, 6);

/** A lead with a request link and an issued invoice of `gross` pence, straight into the server's D1. */
async function leadWithInvoice(gross: number) {
  const leadId = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  const key = crypto.randomUUID().replaceAll('-', '').slice(0, 22);
  const number = `INV-E${t}${gross}`;
  const now = Date.now();
  queryLocalD1(
    `INSERT INTO leads (id, kind, name, email, phone, address, service, message, created_at, updated_at, best_time, area_check, request_key)
     VALUES ('${leadId}', 'quote', 'Paula Payer ${t}', 'paula.${t}@example.org', '07700 900123', '4 Elm Road, Poole BH14 0AB',
       'drain-unblocking', 'Blocked drain', ${now}, ${now}, '', '', '${key}');
     INSERT INTO invoices (id, lead_id, kind, number, state, customer_name, customer_address, net_pence, vat_pence, gross_pence,
       issued_at, due_at, created_at, updated_at)
     VALUES ('${invoiceId}', '${leadId}', 'final', '${number}', 'issued', 'Paula Payer ${t}', '4 Elm Road, Poole BH14 0AB',
       ${gross}, 0, ${gross}, ${now}, ${now + 14 * 86_400_000}, ${now}, ${now});`,
  );
  return { invoiceId, number, token: await requestToken({ FORM_SIGNING_SECRET: 'e2e-signing-secret' }, key) };
}

describe('getting paid', () => {
  it('the customer pays by card through Stripe from their page, and the page says paid', async () => {
    const { invoiceId, number, token } = await leadWithInvoice(18_000);
    const { page } = await openPage(suite.browser, `/r/${token}`, { viewport: PHONE });
    expect(await page.textContent('body')).toContain(`Invoice ${number}`);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('customer-invoice.png'), fullPage: true });
    await page.click('button:has-text("Pay £180.00 now")');
    await page.waitForURL(/\/pay\/cs_test_/);
    expect(await page.textContent('h1')).toBe('Pay £180.00');
    await page.click('button:has-text("Pay")');
    await page.waitForURL(`${baseUrl()}/r/${token}?done=paid`);
    const body = await page.textContent('body');
    expect(body).toContain('Thank you for your payment.');
    expect(body).toContain('Paid');
    expect(body).not.toContain('Pay £180.00 now');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('customer-paid.png'), fullPage: true });
    expect(queryLocalD1<{ state: string }>(`SELECT state FROM invoices WHERE id = '${invoiceId}'`)[0]?.state).toBe('paid');
  });

  it('the owner records a part payment by hand', async () => {
    const { invoiceId } = await leadWithInvoice(50_000);
    const { page } = await signedInAdmin(suite.browser, `/admin/invoices/${invoiceId}/payments`, { viewport: PHONE });
    await page.waitForURL(/\/payments$/);
    await page.fill('#payment-amount', '120');
    await page.selectOption('#payment-method', 'cash');
    await page.click('button:has-text("Record payment")');
    await page.waitForURL(/done=recorded/);
    const body = await page.textContent('body');
    expect(body).toContain('Payment recorded.');
    expect(body).toContain('Part paid');
    expect(body).toContain('£380.00');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('owner-part-payment.png'), fullPage: true });
  });
});
