import { beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../src/generated/manifest';
import { makeJpeg } from '../support/make-photo';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { jpeg, shot, signedIn } from './posts-helpers';

/** The admin's Media page in Chromium, and the admin's islands never reaching a public page. */

const suite = browserSuite('posts');
let photo: Buffer;

beforeAll(async () => {
  const maker = await suite.browser.newPage();
  photo = await makeJpeg(maker, 1200, 900, 'Media page');
  await maker.close();
});

describe('the Media page and the public pages', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`uploads and lists pictures at ${viewport.width} px, fitting the screen`, async () => {
      const { context, page, errors } = await signedIn(suite.browser, viewport, true);
      await page.goto(`${baseUrl()}/admin/media`);
      if (viewport === PHONE) {
        // Uploaded with the plain form: a file from the camera roll and its description.
        await page.setInputFiles('#file', jpeg('IMG_3001.jpg', photo));
        await page.fill('#alt', 'A gully after clearing');
        await page.click('.admin-upload button[type=submit]');
        expect(await page.locator('.admin-notice').first().textContent()).toContain('Picture uploaded');
      }
      expect(await page.locator('.admin-media').count()).toBeGreaterThan(0);
      await page.waitForSelector('.copy-field button');
      await shot(page, `media-${viewport.width}`);
      expect(await fitsWidth(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('never load the admin islands, even once a form’s island has started', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl()}/contact`);
    await page.focus('#contact-name');
    await page.waitForSelector('form.lead-form[novalidate]');
    await page.waitForLoadState('networkidle');
    const adminChunks = ['PostEditor', 'PictureDrop', 'CopyField'].map(
      (name) => manifest.islands[name as keyof typeof manifest.islands][0],
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const chunk of adminChunks) expect(scripts).not.toContain(chunk);
    await page.close();
  });
});
