import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, PHONE, shotsFolder } from './browser';

/** Shared by the browser tests of posts and pictures: the owner signed in, screenshots, reading a post on /blog. */

const shots = shotsFolder('posts');

export const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A context from its own client address (the sign-in limit is per address), signed in, recording errors. */
export async function signedIn(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const { context, page, errors } = await signedInAdmin(browser, '/admin/login', { viewport, javaScriptEnabled });
  // Signing in lands on the dashboard, the admin's first page.
  expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  await page.goto(`${baseUrl()}/admin/posts`);
  return { context, page, errors };
}

/** Opens the post from /blog in a JavaScript-on tab (to measure the pictures) and checks both are drawn with their space kept. */
export async function readOnBlog(browser: Browser, title: string, shotName: string) {
  const reader = await browser.newPage({ viewport: PHONE });
  const scripts: string[] = [];
  reader.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await reader.goto(`${baseUrl()}/blog`);
  await reader.screenshot({ path: path.join(shots, `${shotName}-list.png`) });
  await reader.locator('.post-card__link', { hasText: title }).click();
  await reader.waitForLoadState('load');
  const pictures = reader.locator('.post-image, .post-content img');
  expect(await pictures.count()).toBe(2);
  await reader.locator('.post-content img').scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      reader.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('.post-image, .post-content img')].map(
          (img) => img.complete && img.naturalWidth,
        ),
      ),
    )
    .toEqual([1600, 1200]);
  const shift = await reader.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
  expect(scripts).toEqual([]);
  await reader.locator('.post-content img').screenshot({ path: path.join(shots, `${shotName}-photo.png`) });
  await reader.screenshot({ path: path.join(shots, `${shotName}.png`), fullPage: true });
  await reader.close();
}
