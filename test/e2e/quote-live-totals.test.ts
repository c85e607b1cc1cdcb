import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { browserSuite, fitsWidth, PHONE } from './browser';

/**
 * Issue 48 on a phone at 375 px with JavaScript: the quote editor's totals follow the lines as the
 * owner types them (the QuoteLiveTotals island, the server's own rules), and after saving the
 * page shows the same totals, worked out by the server. The site's facts have no VAT number, so
 * no VAT is charged. Screenshots go to test-results/quote-live-totals (or SHOTS_DIR).
 */

const suite = browserSuite('quote-live-totals');

describe("the quote editor's live totals", () => {
  it('change as lines are typed, and are the same after saving', async () => {
    const t = crypto.randomUUID().slice(0, 6);
    const { page } = await signedInAdmin(suite.browser, '/admin/quotes/new', { viewport: PHONE, javaScriptEnabled: true });
    await page.waitForURL(/\/admin\/quotes\/new$/);
    const total = () => page.textContent('.quote-totals__total');
    expect(await total()).toBe('£0.00');

    await page.fill('#quote-customerName', `Tess Totals ${t}`);
    await page.fill('#quote-customerEmail', `tess.${t}@example.org`);
    await page.fill('#line-0-description', 'Clear the blocked drain');
    await page.fill('#line-0-price', '95');
    // Typed, not saved: the island works the total out in the browser.
    await expect.poll(total).toBe('£95.00');
    await page.fill('#line-0-quantity', '2');
    await expect.poll(total).toBe('£190.00');

    // "Add a line" saves the draft: the server renders the same total.
    await page.click('button:has-text("Add a line")');
    await page.waitForURL(/\/admin\/quotes\/[0-9a-f-]{36}/);
    expect(await total()).toBe('£190.00');

    await page.fill('#line-1-description', 'Skip hire');
    await page.fill('#line-1-price', '120.50');
    await expect.poll(total).toBe('£310.50');
    // An optional line is left out until the customer ticks it.
    await page.check('input[name="line.1.optional"]');
    await expect.poll(total).toBe('£190.00');
    await page.uncheck('input[name="line.1.optional"]');
    await expect.poll(total).toBe('£310.50');
    await page.check('input[name="depositKind"][value="percent"]');
    await page.fill('#quote-deposit', '10');
    await expect.poll(() => page.textContent('.quote-totals__deposit')).toBe('£31.05');
    expect(await page.textContent('.quote-totals__net')).toBe('£310.50');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('typed-375.png'), fullPage: true });

    await page.click('button:has-text("Save draft")');
    await page.waitForLoadState('load');
    await expect.poll(() => page.inputValue('#line-1-price')).toBe('120.50');
    expect(await total()).toBe('£310.50');
    expect(await page.textContent('.quote-totals__deposit')).toBe('£31.05');
    expect(await page.textContent('.quote-totals__vat')).toBe('£0.00');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('saved-375.png'), fullPage: true });
  });

  it('without JavaScript the totals come with each save', async () => {
    const t = crypto.randomUUID().slice(0, 6);
    const { page } = await signedInAdmin(suite.browser, '/admin/quotes/new', { viewport: PHONE, javaScriptEnabled: false });
    await page.waitForURL(/\/admin\/quotes\/new$/);
    await page.fill('#quote-customerName', `Nora NoScript ${t}`);
    await page.fill('#quote-customerEmail', `nora.${t}@example.org`);
    await page.fill('#line-0-description', 'Jet the drain');
    await page.fill('#line-0-price', '85.50');
    expect(await page.textContent('.quote-totals__total')).toBe('£0.00');
    await page.click('button:has-text("Save draft")');
    await page.waitForURL(/\/admin\/quotes\/[0-9a-f-]{36}/);
    expect(await page.textContent('.quote-totals__total')).toBe('£85.50');
    expect(await fitsWidth(page)).toBe(true);
  });
});
