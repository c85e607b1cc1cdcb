import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { browserSuite, fitsWidth, PHONE } from './browser';
import { sendQuote as sendRequest, waitForMail } from './leads-helpers';

/**
 * Issue 49 on a phone at 375 px, without JavaScript: the owner marks a job done, invoices it from
 * its page ("Invoice this job", prefilled with the customer), adds a line with the plain "Add a
 * line" post, issues it, and the customer gets the invoice by e-mail. Screenshots go to
 * test-results/invoices (or SHOTS_DIR).
 */

const suite = browserSuite('invoices');

const t = crypto.randomUUID().slice(0, 6);
const name = `Ivy Invoice ${t}`;
const email = `ivy.${t}@example.org`;

describe('an invoice issued from a done job on a phone', () => {
  it('invoices the job, issues it and e-mails it, readable at 375 px', async () => {
    await sendRequest({
      name,
      email,
      phone: '07700 900124',
      address: '6 Elm Road, Poole BH14 0AB',
      details: 'Gully overflowing.',
      service: 'drain-unblocking',
    });
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await owner.waitForURL(/\/admin\/leads$/);
    await owner.click(`text=${name}`);
    await owner.click('summary:has-text("Mark done")');
    await owner.fill('#done-value', '150');
    await owner.click('form:has(input[value=done]) button[type=submit]');
    await owner.waitForURL(/notice=done$/);

    await owner.click('text=Invoice this job');
    await owner.waitForURL(/\/admin\/invoices\/new\?lead=/);
    expect(await owner.inputValue('#invoice-customerName')).toBe(name);
    expect(await owner.inputValue('#invoice-customerEmail')).toBe(email);
    await owner.fill('#line-0-description', 'Clear the blocked gully');
    await owner.fill('#line-0-price', '120');
    await owner.click('button:has-text("Add a line")');
    await owner.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}/);
    await owner.fill('#line-1-description', 'New gully grid');
    await owner.selectOption('#line-1-kind', 'materials');
    await owner.fill('#line-1-price', '30');
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: suite.shot('draft-375.png'), fullPage: true });

    await owner.click('button:has-text("Issue and e-mail")');
    await expect.poll(() => owner.textContent('h1')).toMatch(/^(VAT )?[Ii]nvoice INV-\d{4}$/);
    const text = (await owner.textContent('.invoice-doc')) ?? '';
    expect(text).toContain('Clear the blocked gully');
    expect(text).toContain('New gully grid');
    expect(text).toContain('£150.00');
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: suite.shot('issued-375.png'), fullPage: true });

    const invoiceMail = async () => (await waitForMail(email, 'customer')).find((m) => m.body.subject.startsWith('Your invoice'));
    await expect.poll(invoiceMail, { timeout: 20_000 }).toBeTruthy();
    const number = /INV-\d{4}/.exec((await owner.textContent('h1')) ?? '')![0];
    expect((await invoiceMail())!.body.subject).toContain(number);

    await owner.click('text=All invoices');
    expect(await owner.textContent('.quotes-list__items')).toContain(number);
    expect(await fitsWidth(owner)).toBe(true);
  });
});
