import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote as sendQuoteAs } from './leads-helpers';

/**
 * A customer who comes back, on the owner's phone (375 px, no JavaScript): their first request is
 * done for £250; their second, from the same number written +44, is marked "Returning customer"
 * in the inbox beside the name (cut short for it, so the row keeps its two lines), and its page
 * lists the earlier job with a link to it; nothing is wider than the screen. Screenshots at 375 and 1280 px go to
 * test-results/returning (or SHOTS_DIR).
 */

const suite = browserSuite('returning');

const t = crypto.randomUUID().slice(0, 6);
const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');

const sendQuote = (name: string, phone: string, address: string, service: string) =>
  sendQuoteAs({
    name,
    email: `returning.${crypto.randomUUID().slice(0, 6)}@example.org`,
    phone,
    address,
    details: 'The drain by the back door is blocked again.',
    service,
  });

/** How far the page reaches past the screen's right edge (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Elements whose right edge is past the screen's. */
const offScreen = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.className),
  );

async function openLead(page: Page, name: string) {
  await page.goto(`${baseUrl()}/admin/leads?q=${encodeURIComponent(name)}`);
  await page.locator('.inbox-row', { hasText: name }).locator('a').click();
  await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
}

describe('a customer who comes back, at 375 px', () => {
  it('is marked in the inbox, and their lead lists the earlier job, linked, without widening the page', async () => {
    const first = `Bartholomew Featherstonehaugh-Cholmondeley ${t}`;
    const again = `Bartholomew F-Cholmondeley (again) ${t}`;
    await sendQuote(first, `07700 9${digits}`, '27 Ferry Road, Hamworthy, Poole BH15 4AX', 'drain-unblocking');
    await sendQuote(
      again,
      `+44 7700 9${digits}`,
      'Flat 3, Harbourside Court, Lower Hamworthy, Poole BH15 4BB',
      'cctv-drain-survey',
    );

    const { page, context } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await page.waitForURL(/\/admin\/leads$/);
    // The first job, done for £250.
    await openLead(page, first);
    const firstUrl = page.url();
    await page.click('summary:has-text("Mark done")');
    await page.fill('#done-value', '250');
    await page.click('form:has(input[value=done]) button[type=submit]');
    await page.waitForURL(/notice=done$/);

    // The inbox: the second is a returning customer's, the first is not; the rows wrap inside the screen.
    await page.goto(`${baseUrl()}/admin/leads?q=${encodeURIComponent(t)}`);
    const againRow = page.locator('.inbox-row', { hasText: again });
    const firstRow = page.locator('.inbox-row', { hasText: first });
    const mark = againRow.locator('.inbox-row__returning');
    expect(await mark.textContent()).toBe('Returning customer');
    const rest = mark.locator('.inbox-row__returning-rest');
    expect((await rest.boundingBox())!.width, 'in short on a phone: "Returning"').toBeLessThanOrEqual(1);
    expect(await firstRow.locator('.inbox-row__returning').count()).toBe(0);
    // The mark sits beside the name, which keeps most of the line (the long one cut short).
    const name = againRow.locator('.inbox-row__name');
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth), 'the long name is cut').toBe(true);
    expect((await name.boundingBox())!.width).toBeGreaterThan(140);
    // The name's line stays one line; what and where below it wrap as they always have.
    const top = await againRow.locator('.inbox-row__top').boundingBox();
    expect(top!.height).toBeLessThan((await name.boundingBox())!.height * 1.5);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await offScreen(page, '.inbox-row__top > *, .inbox-row__sub > span')).toEqual([]);
    await page.screenshot({ path: suite.shot('inbox-375.png') });

    // The second lead's page: the badge, and the earlier job with its day, service, status and value.
    await againRow.locator('a').click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    expect(await page.locator('.lead-page .admin-badge', { hasText: 'Returning customer' }).count()).toBe(1);
    const job = page.locator('.earlier-job');
    expect(await job.count()).toBe(1);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' })
      .format(new Date())
      .replace('Sep ', 'Sept ');
    expect(await job.locator('.earlier-job__day').textContent()).toBe(today);
    expect(await job.locator('.earlier-job__what').textContent()).toBe('Drain Unblocking');
    expect(await job.locator('.earlier-job__status').textContent()).toBe('Done');
    expect(await job.locator('.earlier-job__value').textContent()).toBe('£250');
    expect(await job.locator('.earlier-job__match').textContent()).toBe('Same phone');
    await job.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await offScreen(page, '.earlier-job__link, .earlier-job__link span')).toEqual([]);
    const link = await job.locator('a').boundingBox();
    expect(link!.height, 'a tap target').toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: suite.shot('lead-375.png'), fullPage: true });
    const againUrl = page.url();

    // Desktop, for the eye.
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: suite.shot('lead-1280.png'), fullPage: true });
    await page.goto(`${baseUrl()}/admin/leads?q=${encodeURIComponent(t)}`);
    // Wide, the mark says it whole.
    expect(
      (await page.locator('.inbox-row', { hasText: again }).locator('.inbox-row__returning-rest').boundingBox())!.width,
    ).toBeGreaterThan(20);
    await page.screenshot({ path: suite.shot('inbox-1280.png') });

    // The link opens the earlier job.
    await page.setViewportSize(PHONE);
    await page.goto(againUrl);
    await page.locator('.earlier-job a').click();
    await page.waitForURL(firstUrl.replace(/\?.*$/, ''));
    expect(await page.locator('.lead-page__name').textContent()).toBe(first);
    expect(await page.locator('.earlier-job').count()).toBe(0);
    await context.close();
  });
});
