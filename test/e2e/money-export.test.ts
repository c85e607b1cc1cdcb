import { describe, expect, it } from 'vitest';
import { lastCompleteMonth } from '../../src/rules/money-periods';
import { londonDay } from '../../src/rules/uk-time';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';

/**
 * The accountant's exports on the dashboard (issue 56), in a real Chromium without JavaScript: a
 * period chosen in a select (last month already chosen) and a button for each CSV, on a 375 px
 * phone with nothing to scroll sideways, 16 px text and 44 px targets. Screenshots go to
 * test-results/money-export.
 */

const suite = browserSuite('money-export');

describe("the dashboard's exports for the accountant", () => {
  it('download the chosen period’s CSVs with JavaScript off, and fit a phone', async () => {
    const { page, context } = await signedInAdmin(suite.browser, '/admin/dashboard', { viewport: PHONE });
    await page.waitForURL(/\/admin\/dashboard$/);
    const block = page.locator('.dash-export');
    const period = block.getByLabel('Period');
    const today = londonDay(Date.now());
    expect(await period.inputValue()).toBe(lastCompleteMonth(today).value);
    expect(await fitsWidth(page)).toBe(true);
    for (const control of [period, block.getByRole('button', { name: 'Payments (CSV)' })]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await control.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    }
    const invoicesButton = block.getByRole('button', { name: 'Invoices and credit notes (CSV)' });
    expect((await invoicesButton.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await block.scrollIntoViewIfNeeded();
    await block.screenshot({ path: suite.shot('export-375.png') });

    // Last month's invoices, as chosen; then a quarter's payments.
    const [sales] = await Promise.all([page.waitForEvent('download'), invoicesButton.click()]);
    expect(sales.suggestedFilename()).toBe(`invoices-and-credit-notes-${lastCompleteMonth(today).slug}-on-${today}.csv`);
    const quarter = `${today.slice(0, 4)}-Q${Math.ceil(Number(today.slice(5, 7)) / 3)}`;
    await period.selectOption(quarter);
    const [payments] = await Promise.all([
      page.waitForEvent('download'),
      block.getByRole('button', { name: 'Payments (CSV)' }).click(),
    ]);
    expect(payments.suggestedFilename()).toBe(`payments-${quarter}-on-${today}.csv`);

    // A period that cannot be read: said, with the choice again.
    await page.goto(`${baseUrl()}/admin/payments/export.csv?period=2026-13`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Choose a period to export');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('refused-375.png'), fullPage: true });
    await context.close();

    const desktop = await signedInAdmin(suite.browser, '/admin/dashboard', { viewport: DESKTOP });
    await desktop.page.waitForURL(/\/admin\/dashboard$/);
    await desktop.page.locator('.dash-export').scrollIntoViewIfNeeded();
    await desktop.page.locator('.dash-block', { has: desktop.page.locator('.dash-export') }).screenshot({
      path: suite.shot('money-desktop.png'),
    });
    await desktop.context.close();
  });
});
