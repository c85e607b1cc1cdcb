import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl } from './browser';

/** Shared by the browser tests of the owner's site content (site-content*.test.ts). */

/** A context signed in with the token, without JavaScript, on the Site content screen. */
export async function siteContentPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await signedInAdmin(browser, '/admin/site', { viewport });
  await page.goto(`${baseUrl()}/admin/site`);
  expect(await page.locator('h1').textContent()).toBe('Site content');
  return page;
}
