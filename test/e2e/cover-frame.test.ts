import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../support/make-photo';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { jpeg, shot, signedIn } from './posts-helpers';

/**
 * A post's cover sent whole from a phone without JavaScript (a 4:3 photo): the editor's preview,
 * its "when the link is shared" card and the public page draw it in one frame, the picture's own,
 * and the page shares that picture. Screenshots in test-results/posts.
 */

const suite = browserSuite('posts');
let cover: Buffer;

beforeAll(async () => {
  const maker = await suite.browser.newPage();
  cover = await makeJpeg(maker, 1600, 1200, 'Cover 4:3');
  await maker.close();
});

/** Width over height of each picture as drawn, rounded to two places. */
const drawnRatio = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => Math.round((img.clientWidth / img.clientHeight) * 100) / 100);

describe('a cover sent whole without JavaScript', () => {
  it('is previewed, shared and shown on the blog in the same 4:3 frame, at 375 and 1280 px', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, false);
    await page.goto(`${baseUrl()}/admin/posts/new`);
    const title = `Cover frame ${crypto.randomUUID().slice(0, 6)}`;
    await page.fill('#title', title);
    await page.fill('#category', 'Maintenance');
    await page.fill('#excerpt', 'A cover from a phone, sent whole.');
    await page.setInputFiles('#cover', jpeg('IMG_3001.jpg', cover));
    await page.fill('#image_alt', 'A manhole in a lawn');
    await page.fill('#content', 'A short post.');
    await page.click('button[value=preview]');
    await page.waitForSelector('.admin-share-card img');
    await page.locator('.admin-share-card').scrollIntoViewIfNeeded();
    expect(await drawnRatio(page, '.post-image')).toBe(1.33);
    expect(await drawnRatio(page, '.admin-share-card img')).toBe(1.33);
    expect(await page.locator('.admin-share-card img').getAttribute('src')).toBe(
      await page.locator('.post-image').getAttribute('src'),
    );
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'cover-frame-preview-375');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'cover-frame-preview-1280');
    await page.click('.admin-preview-bar button[value=save]');
    expect(page.url()).toMatch(/\/admin\/posts\/\d+\/edit\?saved=created$/);

    for (const viewport of [PHONE, DESKTOP]) {
      const reader = await suite.browser.newPage({ viewport });
      await reader.goto(`${baseUrl()}/blog`);
      await reader.locator('.post-card__link', { hasText: title }).click();
      await reader.waitForLoadState('load');
      expect(await drawnRatio(reader, '.post-image')).toBe(1.33);
      const shared = await reader.locator('meta[property="og:image"]').getAttribute('content');
      expect(new URL(shared ?? '').pathname).toBe(await reader.locator('.post-image').getAttribute('src'));
      await reader.screenshot({
        path: suite.shot(`cover-frame-post-${viewport.width}.png`),
      });
      await reader.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
