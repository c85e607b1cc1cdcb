import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, fitsWidth, PHONE } from './browser';
import { sendQuote as sendRequest, waitForMail } from './leads-helpers';
import { queryLocalD1 } from './local-d1';

/**
 * Issue 56 on a phone at 375 px, every figure read on the screen: a quote with a 25% deposit is
 * accepted; the deposit invoice bills the deposit accepted and is paid by card; the final invoice
 * bills the whole job less that deposit; a part credit after the customer paid leaves a refund
 * owed, said to the owner and on the customer's page, and the owner's refund settles it.
 * (The site's facts have no VAT number here: no VAT; the VAT split is the ledger worker test's.)
 * Screenshots go to test-results/books (or SHOTS_DIR).
 */

const suite = browserSuite('books');

const address = () => `2001:db8:e56::${crypto.randomUUID().slice(0, 4)}`;

describe('the books across documents, on a phone', () => {
  it('deposit accepted → paid by card → final invoice less the deposit → part credit → refund recorded', async () => {
    const t = crypto.randomUUID().slice(0, 6);
    const name = `Bea Books ${t}`;
    const email = `bea.${t}@example.org`;
    await sendRequest({
      name,
      email,
      phone: '07700 900123',
      address: '9 Elm Road, Poole BH14 0AB',
      details: 'Collapsed drain.',
      service: 'drain-unblocking',
    });
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await owner.waitForURL(/\/admin\/leads$/);
    await owner.click(`text=${name}`);
    const leadUrl = owner.url();
    await owner.click('text=Write a quote');
    await owner.waitForURL(/\/admin\/quotes\/new\?lead=/);
    await owner.fill('#line-0-description', 'Reline the collapsed run');
    await owner.fill('#line-0-price', '600');
    await owner.check('input[name=depositKind][value=percent]');
    await owner.fill('#quote-deposit', '25');
    await owner.click('button:has-text("Send to the customer")');
    await expect.poll(() => owner.textContent('h1')).toMatch(/: Sent$/);

    const quoteMail = async () => (await waitForMail(email, 'customer')).find((m) => m.body.subject.startsWith('Your quote'));
    await expect.poll(quoteMail, { timeout: 20_000 }).toBeTruthy();
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/quote/.exec(
      (await quoteMail())!.body.content[0]!.value,
    )![0];
    const requestPath = new URL(link).pathname.replace(/\/quote$/, '');
    const customer = await (
      await suite.browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'CF-Connecting-IP': address() } })
    ).newPage();
    await customer.goto(`${baseUrl()}${requestPath}/quote`);
    expect(await customer.textContent('body')).toContain('£150.00');
    await customer.fill('#quote-typed-name', name);
    await customer.check('input[name=terms]');
    await customer.check('input[name=expressStart][value=yes]');
    await customer.click('button:has-text("Accept the quote")');
    await customer.waitForURL(/done=accepted/);

    // The deposit invoice: the £150 the customer accepted, not a share worked out again.
    await owner.reload();
    await owner.click('text=Invoice a deposit');
    await owner.waitForURL(/\/admin\/invoices\/new\?quote=/);
    expect(await owner.textContent('body')).toContain('£150.00 before VAT');
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: suite.shot('deposit-editor-375.png'), fullPage: true });
    await owner.click('button:has-text("Issue and e-mail")');
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    const depositNumber = /INV-\d{4}/.exec((await owner.textContent('h1')) ?? '')![0];
    expect(await owner.textContent('.invoice-doc__totals')).toContain('Amount due£150.00');

    // The customer pays it by card on their page, through the stand-in Stripe.
    await customer.goto(`${baseUrl()}${requestPath}`);
    await customer.click('button:has-text("Pay £150.00 now")');
    await customer.waitForURL(/\/pay\/cs_test_/);
    await customer.click('button:has-text("Pay")');
    await customer.waitForURL(/done=paid/);

    // The job is done; its invoice bills the whole job and takes the deposit off.
    const leadId = /\/admin\/leads\/([0-9a-f-]{36})/.exec(leadUrl)![1]!;
    queryLocalD1(`UPDATE leads SET job_status = 'done', handled_at = ${Date.now()} WHERE id = '${leadId}'`);
    await owner.goto(leadUrl);
    await owner.click('text=Invoice this job');
    await owner.waitForURL(/\/admin\/invoices\/new\?lead=/);
    await owner.click('button:has-text("Issue and e-mail")');
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    const finalUrl = owner.url();
    const finalText = (await owner.textContent('.invoice-doc')) ?? '';
    expect(finalText).toContain('Reline the collapsed run');
    expect(finalText).toContain(`Less deposit invoiced, ${depositNumber}`);
    expect(await owner.textContent('.invoice-doc__totals')).toContain('Total£450.00');
    expect(await owner.textContent('.invoice-doc__totals')).toContain('Amount due£450.00');
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: suite.shot('final-invoice-375.png'), fullPage: true });

    // The customer pays the rest; then £100 of the work is credited: £100 is owed back.
    await customer.goto(`${baseUrl()}${requestPath}`);
    await customer.click('button:has-text("Pay £450.00 now")');
    await customer.waitForURL(/\/pay\/cs_test_/);
    await customer.click('button:has-text("Pay")');
    await customer.waitForURL(/done=paid/);
    await owner.goto(finalUrl);
    await owner.fill('#credit-description', 'Shorter run than quoted');
    await owner.fill('#credit-amount', '100');
    await owner.click('button:has-text("Write a credit note for this part")');
    await owner.waitForURL(finalUrl);
    expect(await owner.textContent('.invoice-doc__totals')).toContain('Refund owed£100.00');
    await customer.reload();
    expect(await customer.textContent('body')).toContain('we owe you a refund of £100.00');
    expect(await fitsWidth(customer)).toBe(true);
    await customer.screenshot({ path: suite.shot('customer-refund-owed-375.png'), fullPage: true });

    // The dashboard names the invoice owing a refund, and opens it.
    await owner.goto(`${baseUrl()}/admin/dashboard`);
    const refunds = (await owner.textContent('.dash-refunds')) ?? '';
    expect(refunds).toMatch(/Refund owed £100\.00/);
    expect(await fitsWidth(owner)).toBe(true);
    await owner
      .locator('section[aria-labelledby="dash-money"]')
      .screenshot({ path: suite.shot('dashboard-refunds-owed-375.png') });
    await owner.goto(finalUrl);
    await owner.click('text=Payments (');
    await owner.waitForURL(/\/payments$/);
    expect(await owner.textContent('body')).toContain('The customer has paid £100.00 more than this invoice now bills.');
    expect(await owner.inputValue('#refund-amount')).toBe('100.00');
    await owner.screenshot({ path: suite.shot('refund-owed-375.png'), fullPage: true });
    await owner.click('button:has-text("Record refund")');
    await owner.waitForURL(/done=refunded/);
    const settled = (await owner.textContent('.invoice-payments__figures')) ?? '';
    expect(settled).toContain('Paid£350.00');
    expect(settled).toContain('Left to pay£0.00');
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: suite.shot('refund-recorded-375.png'), fullPage: true });
    await customer.reload();
    expect(await customer.textContent('body')).not.toContain('we owe you a refund');
  });
});
