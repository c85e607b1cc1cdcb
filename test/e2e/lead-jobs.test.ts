import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayWords } from '../../src/rules/job-status';
import { addDays, londonDay } from '../../src/rules/uk-time';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote as sendQuoteAs, waitForMail } from './leads-helpers';

/**
 * The owner on a phone, without JavaScript: the inbox shows several leads on the first screen, a
 * new lead opens with its Call button (a tel: link) on the first screen, it is booked for tomorrow
 * 10–12, and the customer's request page shows the booking. Screenshots of each screen at 375 and
 * 1280 px go to test-results/lead-jobs (or SHOTS_DIR).
 */

const suite = browserSuite('lead-jobs');

const t = crypto.randomUUID().slice(0, 6);
const customer = `priya.${t}@example.org`;

const sendQuote = (name: string, email: string, phone: string, bestTime = '') =>
  sendQuoteAs({
    name,
    email,
    phone,
    address: '4 Elm Close, Parkstone, Poole BH14 8QT',
    details: 'Gurgling toilet and a smell in the garden.',
    service: 'drain-unblocking',
    'best-time': bestTime,
  });

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await signedInAdmin(suite.browser, '/admin/leads', { viewport });
  await page.waitForURL(/\/admin\/leads$/);
  return page;
}

/** How many of these elements end within the first screen. */
const firstScreen = async (page: Page, selector: string) => {
  const bottoms = await page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().bottom));
  return bottoms.filter((bottom) => bottom <= page.viewportSize()!.height).length;
};

/** Tomorrow on the UK calendar (not 24 hours on, which near midnight with a clock change between lands a day out). */
const tomorrow = () => addDays(londonDay(Date.now()), 1);

describe('from a new lead to a booked job, on a phone', () => {
  it('opens the lead, calls from the first screen, books tomorrow 10–12, and the customer sees it', async () => {
    for (let i = 0; i < 5; i++)
      await sendQuote(`Earlier Customer ${i} ${t}`, `earlier.${i}.${t}@example.org`, '01632 960111', i === 2 ? 'asap' : '');
    await sendQuote(`Priya Sharma ${t}`, customer, '+44 7700 900777', 'asap');

    const page = await signedInPage(PHONE);
    // Three whole rows under the search and the filters, which wrap (issue 35) and grew with the
    // cancelled and rebook states (issue 33); each row wraps to two lines rather than cutting words.
    expect(await firstScreen(page, '.inbox-row')).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: suite.shot('inbox-375.png') });

    const priya = page.locator('.inbox-row', { hasText: `Priya Sharma ${t}` });
    expect(await priya.getAttribute('class')).toBe('inbox-row inbox-row--new inbox-row--asap');
    expect(await priya.textContent()).toContain('ASAP');
    await priya.locator('a').click();
    const call = page.locator('a.lead-contact__button--call');
    expect(await call.getAttribute('href')).toBe('tel:+447700900777');
    const callBox = (await call.boundingBox())!;
    expect(callBox.y + callBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(callBox.height).toBeGreaterThanOrEqual(44);
    // The number on the button is shown whole, an international one too: nothing cut to "+44 7700 9…".
    const detail = call.locator('.lead-contact__detail');
    expect(await detail.textContent()).toBe('+44 7700 900777');
    expect(await call.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const detailBox = (await detail.boundingBox())!;
    expect(detailBox.x + detailBox.width).toBeLessThanOrEqual(callBox.x + callBox.width);
    await page.screenshot({ path: suite.shot('lead-375.png') });

    await page.click('summary:has-text("Book a visit")');
    await page.fill('#book-day', tomorrow());
    await page.check('input[name=window][value="10-12"]');
    await page.click('form:has(input[value=booked]) button[type=submit]');
    await expect.poll(() => page.textContent('.lead-booking')).toContain(`Booked: ${dayWords(tomorrow())}, 10am to 12pm`);
    expect(await page.textContent('.admin-notice')).toContain('Booked.');
    await page.screenshot({ path: suite.shot('lead-booked-375.png'), fullPage: true });

    const [mail] = await waitForMail(customer, 'customer');
    const booking = (await waitForMail(customer, 'customer')).find((m) => m.body.subject.startsWith('Booked'));
    expect(mail).toBeTruthy();
    expect(booking, 'the booking e-mail').toBeTruthy();
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(booking!.body.content[0]!.value)![0];
    const requestPath = new URL(link).pathname;

    // The customer, with no account: another browser context, no cookies.
    const visitor = await (await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
    const res = await visitor.goto(`${baseUrl()}${requestPath}`);
    expect(res!.status()).toBe(200);
    expect(await visitor.textContent('h1')).toBe('Hello Priya');
    expect(await visitor.textContent('.request-page__booking')).toBe(`${dayWords(tomorrow())}, 10am to 12pm`);
    await visitor.screenshot({ path: suite.shot('request-375.png'), fullPage: true });
    await visitor.setViewportSize(DESKTOP);
    await visitor.screenshot({ path: suite.shot('request-1280.png') });

    await page.goto(`${baseUrl()}/admin/dashboard`);
    await page.screenshot({ path: suite.shot('dashboard-375.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: suite.shot('dashboard-1280.png') });
    await page.goto(`${baseUrl()}/admin/leads`);
    await page.screenshot({ path: suite.shot('inbox-1280.png') });
    await page.click(`text=Priya Sharma ${t}`);
    await page.screenshot({ path: suite.shot('lead-1280.png') });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.lead-contact').isVisible()).toBe(false);
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    await page.screenshot({ path: suite.shot('lead-print-1280.png'), fullPage: true });
  });
});
