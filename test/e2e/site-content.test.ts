import { describe, expect, it } from 'vitest';
import { utcToLondonLocal } from '../../src/rules/uk-time';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { siteContentPage } from './site-helpers';

/**
 * The owner edits the site from a phone, without JavaScript: a new emergency number and a notice,
 * then the site shows both. Screenshots of each screen at 375 and 1280 px (test-results/site).
 * The original content is restored afterwards: the other browser tests expect it.
 */

const suite = browserSuite('site');

describe('the owner edits the site on a phone', () => {
  it('changes the emergency number and adds a notice; the site shows both on the first screen', async () => {
    const page = await siteContentPage(suite.browser, PHONE);
    await page.screenshot({ path: suite.shot('site-375.png'), fullPage: true });

    // The section's own link: the history below may also name "Business facts" (another test's save).
    await page.locator('a[href="/admin/site/facts"]').first().click();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('facts-overview-375.png'), fullPage: true });
    await page.locator('a[href="/admin/site/facts/contact"]').first().click();
    expect(await fitsWidth(page)).toBe(true);
    await page.fill('#emergencyPhone', '01632 960 555');
    await page.screenshot({ path: suite.shot('facts-375.png') });
    await page.click('button[value=publish]');
    expect(await page.locator('[role=status]').textContent()).toContain('Published.');

    await page.goto(`${baseUrl()}/admin/site/notices`);
    await page.fill('#text', 'Christmas Day: emergency calls only');
    await page.fill('#starts', utcToLondonLocal(new Date(Date.now() - 3_600_000).toISOString()));
    await page.fill('#ends', utcToLondonLocal(new Date(Date.now() + 86_400_000).toISOString()));
    await page.click('button[value=publish]');
    expect(await page.locator('.admin-item__title').first().textContent()).toBe('Christmas Day: emergency calls only');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('notices-375.png'), fullPage: true });

    await page.goto(`${baseUrl()}/`);
    const notice = page.locator('.site-notice');
    await expect.poll(() => notice.textContent()).toContain('Christmas Day: emergency calls only');
    expect(await notice.isVisible()).toBe(true);
    // A call link with the new number, inside the first screen.
    const call = page.locator('a[href="tel:+441632960555"]').first();
    const box = await call.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.locator('a[href="tel:+441632960123"]').count()).toBe(0);
    await page.screenshot({ path: suite.shot('home-with-notice-375.png') });
    await page.context().close();
  });

  it('looks right at 1280 px, and the original content comes back from the history', async () => {
    const page = await siteContentPage(suite.browser, DESKTOP);
    await page.goto(`${baseUrl()}/admin/site/facts/contact`);
    await page.screenshot({ path: suite.shot('facts-1280.png') });
    await page.goto(`${baseUrl()}/admin/site/history`);
    await page.screenshot({ path: suite.shot('history-1280.png'), fullPage: true });
    await page.click('text=Restore the original content');
    await page.click('text=Restore all of these');
    expect(await page.locator('[role=status]').textContent()).toContain('Restored');
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('a[href="tel:+441632960123"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.site-notice').count()).toBe(0);
    await page.context().close();
  });
});
