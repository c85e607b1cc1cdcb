import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { contactInput, fill, pastMinimumFillTime, startForm, tag, toast } from './leads-helpers';

/**
 * Where work comes from, in a real Chromium: the header's call link pings /api/tap as it is
 * tapped (no script on the page) and the dashboard's count goes up; a visitor from an advert
 * who goes on to /contact and sends the form gives a lead that says so.
 */

const suite = browserSuite();
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  const { context, page } = await signedInAdmin(suite.browser, '/admin/login', { viewport: DESKTOP });
  await page.waitForURL('**/admin/dashboard');
  admin = { context, page };
});
afterAll(async () => {
  await admin?.context.close();
});

/** The dashboard's number of call taps, and its "Taps by page" total for one page. */
async function dashboardTaps(page: string): Promise<{ calls: number; onPage: number }> {
  await admin.page.goto(`${baseUrl()}/admin/dashboard`);
  const calls = Number(await admin.page.locator('.dash-totals div:has(dt:text-is("Call taps")) dd').textContent());
  const onPage = await admin.page.evaluate((path) => {
    const rows = document.querySelectorAll('section[aria-labelledby="dash-tap-pages"] tbody tr');
    const row = [...rows].find((tr) => tr.querySelector('th')?.textContent === path);
    return Number(row?.querySelector('td:last-child')?.textContent ?? 0);
  }, page);
  return { calls, onPage };
}

/** A visitor from their own address (the tap limit is per address). */
async function visitor(viewport: { width: number; height: number }) {
  const context = await suite.browser.newContext({
    viewport,
    extraHTTPHeaders: { 'CF-Connecting-IP': `2001:db8:a78::${crypto.randomUUID().slice(0, 4)}` },
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  const pings: { url: string; status: number }[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  page.on('requestfinished', async (req) => {
    if (new URL(req.url()).pathname === '/api/tap') pings.push({ url: req.url(), status: (await req.response())?.status() ?? 0 });
  });
  return { context, page, scripts, pings };
}

describe('taps on the call link', () => {
  it('tapping the header’s call button on Home counts one call tap for / (Home loads no script)', async () => {
    const before = await dashboardTaps('/');
    const { context, page, scripts, pings } = await visitor(PHONE);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    expect(scripts).toEqual([]);
    const call = page.locator('header .header-call');
    expect(await call.getAttribute('ping')).toBe('/api/tap?channel=call');
    // The browser follows tel: with the system's dialler; the ping goes out as it does.
    await call.click({ noWaitAfter: true }).catch(() => {});
    await expect.poll(() => pings, { timeout: 10_000 }).toEqual([{ url: `${baseUrl()}/api/tap?channel=call`, status: 204 }]);
    await expect.poll(async () => (await dashboardTaps('/')).calls, { timeout: 10_000 }).toBe(before.calls + 1);
    expect((await dashboardTaps('/')).onPage).toBe(before.onPage + 1);
    await context.close();
  });
});

describe('a lead from an advert', () => {
  it('lands on a service page with utm and gclid, goes on to /contact, sends the form: the lead says where it came from', async () => {
    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${baseUrl()}/services/drain-unblocking?utm_source=google&utm_medium=cpc&gclid=E2E`, { waitUntil: 'load' });
    await page.locator('nav.main-nav a[href="/contact"]').click();
    await page.waitForURL('**/contact');
    const field = page.locator('input[type=hidden][name=attribution]');
    expect(new URLSearchParams((await field.getAttribute('value')) ?? '').get('gclid')).toBe('E2E');
    await startForm(page);
    const openedAt = Date.now();
    const t = tag();
    await fill(page, contactInput(t));
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    expect(await toast(page).locator('.toast__title').textContent()).toBe('Message Sent!');
    await context.close();

    await admin.page.goto(`${baseUrl()}/admin/leads`);
    await admin.page
      .locator('.inbox-row', { hasText: `Alice ${t}` })
      .locator('a')
      .click();
    expect(await admin.page.locator('dt:text-is("Came from") + dd').textContent()).toBe(
      'Advert (google / cpc), via /services/drain-unblocking, form on /contact',
    );
  });
});
