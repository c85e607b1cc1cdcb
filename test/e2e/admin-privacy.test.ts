import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';

/**
 * The owner's privacy tools in a real Chromium without JavaScript: find a person's leads, download
 * them, erase them. Screenshots go to /tmp/padmin (looked at by hand, not kept in the repository).
 */

const suite = browserSuite('/tmp/padmin');

const clientIp = () => `2001:db8:e2a::${crypto.randomUUID().slice(0, 4)}`;

/** A signed-in, no-JavaScript page from its own client address (the sign-in limit is per address). */
async function signedInPage(viewport: { width: number; height: number }) {
  const { context, page, errors } = await signedInAdmin(suite.browser, '/admin/leads', { viewport });
  expect(new URL(page.url()).pathname).toBe('/admin/leads');
  return { page, context, errors };
}

/** A lead sent through the real contact form endpoint, as a visitor would. */
async function sendLead(name: string, email: string) {
  const res = await fetch(`${baseUrl()}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() },
    body: JSON.stringify({
      name,
      email,
      phone: '01632 960456',
      message: 'The drain by the back door is blocked again.',
      formToken: await issueFormToken('e2e-signing-secret', 'contact', Date.now() - 10_000),
    }),
  });
  expect(res.status).toBe(202);
}

async function findByEmail(page: Page, email: string) {
  await page.click('text=Privacy requests');
  expect(new URL(page.url()).pathname).toBe('/admin/leads/person');
  await page.fill('#email', email);
  await page.click('button:has-text("Find leads")');
}

describe('privacy requests in the admin, without JavaScript', () => {
  it('finds a person by e-mail, downloads their leads, and erases them on a phone', async () => {
    const t = crypto.randomUUID().slice(0, 8);
    const email = `privacy.${t}@example.org`;
    await sendLead(`Priya ${t}`, email);
    await sendLead(`Priya ${t}`, email.toUpperCase());

    const desktop = await signedInPage(DESKTOP);
    await findByEmail(desktop.page, email);
    await expect.poll(() => desktop.page.locator('.admin-lead').count()).toBe(2);
    expect(await desktop.page.locator('.admin-person-results__title').textContent()).toBe(`2 leads for ${email}`);
    await desktop.page.screenshot({ path: suite.shot('find-1280.png'), fullPage: true });
    expect(await fitsWidth(desktop.page)).toBe(true);
    const [download] = await Promise.all([
      desktop.page.waitForEvent('download'),
      desktop.page.click('button:has-text("Download as one file")'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-for-person-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as { leadCount: number };
    expect(file.leadCount).toBe(2);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();

    const phone = await signedInPage(PHONE);
    const { page } = phone;
    await findByEmail(page, `  ${email.toUpperCase()}`);
    await expect.poll(() => page.locator('.admin-lead').count()).toBe(2);
    await page.screenshot({ path: suite.shot('find-375.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);
    // Each card's own Delete leads to a confirmation; keeping the lead comes back to the list.
    await page.locator('.admin-lead a:has-text("Delete")').first().click();
    expect(await page.locator('h1').textContent()).toBe('Delete this lead?');
    await page.screenshot({ path: suite.shot('delete-375.png'), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);
    await page.click('text=Keep it');
    await findByEmail(page, email);
    await page.check('.admin-person-tool--danger input[name=confirm]');
    await page.click('button:has-text("Erase 2 leads")');
    expect(new URL(page.url()).pathname).toBe('/admin/leads');
    expect(await page.locator('.admin-notice').textContent()).toBe('Deleted 2 leads.');
    await page.screenshot({ path: suite.shot('erased-375.png'), fullPage: false });
    await findByEmail(page, email);
    expect(await page.locator('.admin-notice').textContent()).toBe(`No leads for ${email}.`);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
