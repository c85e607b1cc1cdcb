import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { dayWords } from '../../src/rules/job-status';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, DESKTOP, launchBrowser, PHONE } from './browser';

/**
 * The schedule on a phone, without JavaScript: a job booked for tomorrow shows in the week, opens
 * its lead, and its day prints as a run sheet without menus or step links; the person's calendar
 * address is shown once. Screenshots at 375 and
 * 1280 px go to test-results/schedule (or SHOTS_DIR).
 */

const shots = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/schedule');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const t = crypto.randomUUID().slice(0, 6);
const ukDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(ms));
const tomorrow = () => ukDate(Date.now() + 86_400_000);

async function sendQuote(name: string) {
  const res = await fetch(`${baseUrl()}/api/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `2001:db8:e37::${crypto.randomUUID().slice(0, 4)}` },
    body: JSON.stringify({
      'full-name': name,
      email: `schedule.${t}@example.org`,
      phone: '07700 900123',
      address: '4 Elm Close, Parkstone, Poole BH14 8QT',
      details: 'Slow drain in the kitchen.',
      service: 'drain-unblocking',
      formToken: await issueFormToken('e2e-signing-secret', 'quote', Date.now() - 10_000),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
}

describe('the schedule, on a phone', () => {
  it('shows a job booked for tomorrow in the week, opens its lead, and prints the day without menus', async () => {
    const name = `Sam Schedule ${t}`;
    await sendQuote(name);
    const { page } = await signedInAdmin(browser, '/admin/leads', { viewport: PHONE });
    await page.waitForURL(/\/admin\/leads$/);
    await page.click(`text=${name}`);
    await page.click('summary:has-text("Book a visit")');
    await page.fill('#book-day', tomorrow());
    await page.check('input[name=window][value="08-10"]');
    await page.click('form:has(input[value=booked]) button[type=submit]');
    await expect.poll(() => page.textContent('.lead-booking')).toContain(dayWords(tomorrow()));
    const leadUrl = page.url().replace(/\?.*$/, '');

    // At 375 px the sections are behind the Menu button.
    await page.click('summary:has-text("Menu")');
    await page.click('.admin-menu__panel >> text=Schedule');
    // Tomorrow may be next week (today is a Sunday): step on once if so.
    if ((await page.locator(`#day-${tomorrow()}`).count()) === 0) await page.click('a[rel=next]');
    const day = page.locator('.schedule-day', { has: page.locator(`#day-${tomorrow()}`) });
    const job = day.locator('.schedule-job', { hasText: name });
    expect(await job.textContent()).toContain('8am to 10am');
    expect(await job.textContent()).toContain('Poole BH14');
    expect((await job.locator('a').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(shots, 'week-375.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(shots, 'week-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);

    await day.locator('h2 a').click();
    expect(await page.textContent('h1')).toContain(dayWords(tomorrow()));
    await page.screenshot({ path: path.join(shots, 'day-375.png'), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    expect(await page.locator('.schedule-steps').isVisible()).toBe(false);
    expect(await page.locator('.schedule-job', { hasText: name }).textContent()).toContain('4 Elm Close');
    await page.screenshot({ path: path.join(shots, 'day-print-375.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.locator('.schedule-job', { hasText: name }).locator('a').click();
    expect(page.url()).toBe(leadUrl);

    // The person's own calendar: one tap shows the private address once, as a webcal: link.
    await page.goto(`${baseUrl()}/admin/schedule`);
    await page.click('button:has-text("Turn on my calendar address")');
    const address = await page.textContent('.schedule-feed__url code');
    expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await page.getAttribute('a:has-text("Add to my calendar")', 'href')).toMatch(/^webcal:/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(shots, 'calendar-address-375.png'), fullPage: true });
    await page.goto(`${baseUrl()}/admin/schedule`);
    expect(await page.textContent('#calendar-feed + p')).toContain('is on');
  });
});
