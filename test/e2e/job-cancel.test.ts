import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote as sendQuoteAs, waitForMail } from './leads-helpers';

/**
 * A booked customer cancels from their request page on a phone, without JavaScript: the page asks
 * them to confirm and takes a reason; then the owner's Today no longer lists the visit, and the
 * lead page and the inbox say "Cancelled". Screenshots at 375 and 1280 px go to
 * test-results/job-cancel (or SHOTS_DIR).
 */

const suite = browserSuite('job-cancel');

const t = crypto.randomUUID().slice(0, 6);
const name = `Olga Cancel ${t}`;
const email = `olga.${t}@example.org`;
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const address = () => `2001:db8:e33::${crypto.randomUUID().slice(0, 4)}`;

const sendQuote = () =>
  sendQuoteAs({
    name,
    email,
    phone: '07700 900456',
    address: '9 Pine Walk, Ferndown BH22 9AB',
    details: 'Outside drain overflowing.',
    service: 'drain-unblocking',
  });

async function ownerPage(): Promise<Page> {
  const { page } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
  await page.waitForURL(/\/admin\/leads$/);
  return page;
}

const todayBlock = (page: Page) => page.locator('section.do-now__block:has(#do-now-today)');

describe('a customer cancels a visit booked for today', () => {
  it('confirms with a reason; Today drops it; the lead page and inbox show it cancelled', async () => {
    await sendQuote();
    const owner = await ownerPage();
    await owner.click(`text=${name}`);
    const leadUrl = owner.url();
    await owner.click('summary:has-text("Book a visit")');
    await owner.fill('#book-day', ukToday());
    await owner.check('input[name=window][value="16-18"]');
    await owner.click('form:has(input[value=booked]) button[type=submit]');
    await expect.poll(() => owner.textContent('.lead-booking')).toContain('Booked: ');
    await owner.goto(`${baseUrl()}/admin/dashboard`);
    expect(await todayBlock(owner).textContent()).toContain(name);

    const booking = (await waitForMail(email, 'customer')).find((mail) => mail.body.subject.startsWith('Booked'));
    expect(booking, 'the booking e-mail').toBeTruthy();
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(booking!.body.content[0]!.value)![0];
    const requestPath = new URL(link).pathname;

    // The customer: no account, no cookies, no JavaScript.
    const customer = await (
      await suite.browser.newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'CF-Connecting-IP': address() },
      })
    ).newPage();
    await customer.goto(`${baseUrl()}${requestPath}`);
    expect(await customer.textContent('.request-page__facts')).toContain('Booked: Your visit is booked.');
    await customer.click('text=Cancel the visit');
    await customer.waitForURL(/\/cancel$/);
    expect(await customer.textContent('h1')).toBe('Cancel your visit?');
    await customer.fill('textarea[name=words]', 'The neighbour cleared it, thank you.');
    await customer.screenshot({ path: suite.shot('confirm-375.png'), fullPage: true });
    await customer.click('button:has-text("Yes, cancel the visit")');
    await customer.waitForURL(/\?done=cancel$/);
    expect(await customer.textContent('.request-page__notice')).toContain('Your visit is cancelled.');
    const facts = await customer.textContent('.request-page__facts');
    expect(facts).toContain('Cancelled: Your visit is cancelled.');
    expect(facts).not.toContain('Your visit is booked');
    expect(await customer.locator('text=Cancel the visit').count()).toBe(0);
    await customer.screenshot({ path: suite.shot('cancelled-375.png'), fullPage: true });
    await customer.setViewportSize(DESKTOP);
    await customer.screenshot({ path: suite.shot('cancelled-1280.png') });

    await owner.goto(`${baseUrl()}/admin/dashboard`);
    expect(await todayBlock(owner).textContent()).not.toContain(name);
    await todayBlock(owner).screenshot({ path: suite.shot('today-375.png') });

    await owner.goto(leadUrl);
    expect(await owner.textContent('.admin-item__meta .admin-badge')).toBe('Cancelled');
    expect(await owner.textContent('.lead-booking')).toMatch(/^The customer cancelled: .*4pm to 6pm$/);
    expect(await owner.textContent('.lead-timeline')).toContain('The neighbour cleared it, thank you.');
    await owner.screenshot({ path: suite.shot('lead-375.png'), fullPage: true });

    await owner.goto(`${baseUrl()}/admin/leads`);
    const row = owner.locator('.inbox-row', { hasText: name });
    expect(await row.locator('.inbox-row__status').textContent()).toBe('Cancelled');
    await owner.screenshot({ path: suite.shot('inbox-375.png') });
    await owner.setViewportSize(DESKTOP);
    await owner.goto(leadUrl);
    await owner.screenshot({ path: suite.shot('lead-1280.png') });
  });

  it('booked again and marked done: the review request says when it goes, and done can be undone', async () => {
    const owner = await ownerPage();
    await owner.click(`text=${name}`);
    await owner.click('summary:has-text("Book a visit")');
    await owner.fill('#book-day', ukToday());
    await owner.check('input[name=window][value="16-18"]');
    await owner.click('form:has(input[value=booked]) button[type=submit]');
    await owner.waitForURL(/notice=booked$/);
    await owner.goto(`${baseUrl()}/admin/dashboard`);
    expect(await todayBlock(owner).textContent()).toContain(name);
    await owner.goBack();
    await owner.click('summary:has-text("Mark done")');
    await owner.fill('#done-value', '95');
    await owner.click('form:has(input[value=done]) button[type=submit]');
    await owner.waitForURL(/notice=done$/);
    const review = owner.locator('.admin-lead__email', { hasText: 'Review request' });
    expect(await review.locator('.admin-badge').textContent()).toBe('Waiting');
    expect(await review.locator('.admin-lead__delivery').textContent()).toMatch(/^Goes (today|tomorrow) at .+ \(UK time\)$/);
    await owner.locator('#emails-heading').scrollIntoViewIfNeeded();
    await owner.screenshot({ path: suite.shot('done-emails-375.png') });
    await owner.click('summary:has-text("Undo done")');
    await owner.click('button:has-text("Undo done")');
    await owner.waitForURL(/notice=undone$/);
    expect(await owner.textContent('.admin-item__meta .admin-badge')).toBe('Booked');
    expect(await review.locator('.admin-badge').textContent()).toBe('Not needed');
    await owner.screenshot({ path: suite.shot('undone-375.png'), fullPage: true });
  });
});
