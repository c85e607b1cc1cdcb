import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { sendQuote as sendRequest, waitForMail } from './leads-helpers';

/**
 * Issue 48 on a phone at 375 px: the owner writes a quote from a lead (lines added with the plain
 * "Add a line" post) and sends it; the customer, without JavaScript and again with it, opens it from the e-mail,
 * ticks the optional line, updates the total, and accepts. Screenshots go to test-results/quotes
 * (or SHOTS_DIR).
 */

const suite = browserSuite('quotes');

const address = () => `2001:db8:e48::${crypto.randomUUID().slice(0, 4)}`;

/** The accept form's name box (its text size, at least 44 px tall), its tick box and choices (each label at least 44 px tall, the box itself in px). */
const acceptFormSizes = (page: Page) =>
  page.evaluate(() => {
    const name = document.querySelector<HTMLInputElement>('#quote-typed-name')!;
    const checks = [...document.querySelectorAll<HTMLLabelElement>('.quote-page__check')];
    return {
      nameText: getComputedStyle(name).fontSize,
      nameTall: name.getBoundingClientRect().height >= 44,
      checksTall: checks.map((label) => label.getBoundingClientRect().height >= 44),
      boxes: checks.map((label) => Math.round(label.querySelector('input')!.getBoundingClientRect().width)),
    };
  });

/** The whole run, the owner's and the customer's browsers with JavaScript on or off. */
async function writeSendAndAccept(javaScriptEnabled: boolean) {
  const t = crypto.randomUUID().slice(0, 6);
  const name = `Quinn Quote ${t}`;
  const email = `quinn.${t}@example.org`;
  const shot = (file: string) => suite.shot(javaScriptEnabled ? file.replace('.png', '-js.png') : file);
  {
    await sendRequest({
      name,
      email,
      phone: '07700 900123',
      address: '4 Elm Road, Poole BH14 0AB',
      details: 'Drain keeps blocking.',
      service: 'drain-unblocking',
    });
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE, javaScriptEnabled });
    await owner.waitForURL(/\/admin\/leads$/);
    await owner.click(`text=${name}`);
    await owner.click('text=Write a quote');
    await owner.waitForURL(/\/admin\/quotes\/new\?lead=/);
    expect(await owner.inputValue('#quote-customerName')).toBe(name);
    expect(await owner.inputValue('#quote-customerEmail')).toBe(email);

    await owner.fill('#line-0-description', 'Clear the blocked drain');
    await owner.fill('#line-0-price', '95');
    await owner.click('button:has-text("Add a line")');
    await owner.waitForURL(/\/admin\/quotes\/[0-9a-f-]{36}/);
    await owner.fill('#line-1-description', 'CCTV survey of the run');
    await owner.fill('#line-1-price', '60');
    await owner.check('input[name="line.1.optional"]');
    await owner.screenshot({ path: shot('editor-375.png'), fullPage: true });
    const wide = await owner.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    expect(await fitsWidth(owner)).toBe(true);
    await owner.click('button:has-text("Send to the customer")');
    await expect.poll(() => owner.textContent('h1')).toMatch(/^Q-\d{4}-\d{4}: Sent$/);
    expect(await fitsWidth(owner)).toBe(true);
    await owner.screenshot({ path: shot('sent-375.png'), fullPage: true });

    const quoteMail = async () => (await waitForMail(email, 'customer')).find((m) => m.body.subject.startsWith('Your quote'));
    await expect.poll(quoteMail, { timeout: 20_000 }).toBeTruthy();
    const mail = await quoteMail();
    expect(mail, 'the quote e-mail').toBeTruthy();
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/quote/.exec(mail!.body.content[0]!.value)![0];

    const customer = await (
      await suite.browser.newContext({
        viewport: PHONE,
        javaScriptEnabled,
        extraHTTPHeaders: { 'CF-Connecting-IP': address() },
      })
    ).newPage();
    await customer.goto(`${baseUrl()}${new URL(link).pathname}`);
    // £95 (the site's facts have no VAT number: no VAT): the optional survey counts once ticked.
    expect(await customer.textContent('.quote-table__total')).toContain('£95.00');
    await customer.check('input[name=optional]');
    await customer.click('button:has-text("Update the total")');
    expect(await customer.textContent('.quote-table__total')).toContain('£155.00');
    expect(await fitsWidth(customer)).toBe(true);
    // The accept form in the public form style (issue 57): 16 px text so a phone does not zoom,
    // every box and choice a target of at least 44 px, the radio buttons and tick box 24 px.
    expect(await acceptFormSizes(customer)).toEqual({
      nameText: '16px',
      nameTall: true,
      checksTall: [true, true, true],
      boxes: [24, 24, 24],
    });
    await customer.fill('#quote-typed-name', name);
    await customer.check('input[name=terms]');
    await customer.check('input[name=expressStart][value=yes]');
    await customer.screenshot({ path: shot('customer-375.png'), fullPage: true });
    await customer.setViewportSize(DESKTOP);
    expect(await fitsWidth(customer)).toBe(true);
    await customer.locator('#quote-typed-name').scrollIntoViewIfNeeded();
    await customer.screenshot({ path: shot('customer-accept-desktop.png') });
    await customer.setViewportSize(PHONE);
    await customer.locator('#quote-typed-name').scrollIntoViewIfNeeded();
    await customer.screenshot({ path: shot('customer-accept-375.png') });
    await customer.click('button:has-text("Accept the quote")');
    await customer.waitForURL(/done=accepted/);
    expect(await customer.textContent('.request-page__notice')).toContain('you accepted the quote');
    expect(await customer.textContent('.quote-table__total')).toContain('£155.00');
    expect(await customer.textContent('.request-page__facts')).toMatch(/[0-9a-f]{64}/);
    await customer.screenshot({ path: shot('accepted-375.png'), fullPage: true });

    await owner.reload();
    expect(await owner.textContent('h1')).toContain('Accepted');
  }
}

describe('a quote written on a phone and accepted by the customer', () => {
  it('writes, sends, opens, chooses and accepts, readable at 375 px, without JavaScript', () => writeSendAndAccept(false));
  it('does the same with JavaScript on, in both browsers', () => writeSendAndAccept(true));
});
