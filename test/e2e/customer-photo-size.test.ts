import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../src/media/dimensions';
import { SMALL_PHOTO_SIDE } from '../../src/rules/photos';
import { makeJpeg } from '../support/make-photo';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, tag, toast, waitForMail } from './leads-helpers';

/**
 * A customer's phone photo is made smaller in the browser before it is sent (client/shrink-photo.ts,
 * the longest side 2048 px, JPEG), so a 4000 × 3000 photo does not cost the customer megabytes of
 * mobile data; the server's own checks are unchanged. Read from the request the browser really sends.
 * Beside it goes a small version (480 px), which the owner's lead page loads as its thumbnail
 * (issue 38): read from the images the lead page really loaded.
 */

const suite = browserSuite('customer-photo-size');

/** The JPEG files inside a multipart body, found by their start and end markers. */
function jpegsIn(body: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let at = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  while (at >= 0) {
    const end = body.indexOf(Buffer.from('\r\n--'), at);
    found.push(body.subarray(at, end < 0 ? body.length : end));
    at = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]), end < 0 ? body.length : end);
  }
  return found;
}

/** The lead's pictures a page loads from now on, with their bytes (the site's icons are not counted). */
function leadImagesLoaded(page: Page, id: string) {
  const loaded: { path: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname;
    if (res.request().resourceType() !== 'image' || !path.startsWith(`/admin/leads/${id}/`)) return;
    // A picture whose page was left before it arrived has no body to read: not loaded.
    const body = res.status() === 200 ? await res.body().catch(() => null) : Buffer.alloc(0);
    if (body) loaded.push({ path, bytes: res.status() === 200 ? body.length : -res.status() });
  });
  return loaded;
}

describe("a customer's photo on a phone", () => {
  it('is sent at 2048 px on its long side at most, a fraction of the original, and arrives with the lead', async () => {
    const { page, context, errors, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
    const original = await makeJpeg(page, 4000, 3000, 'Blocked gully', 0.92);
    const sent: Buffer[] = [];
    await page.route('**/api/contact', async (route) => {
      sent.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await route.continue();
    });
    const input = contactInput(tag());
    await fill(page, input);
    await page
      .locator('#contact-photos')
      .setInputFiles([{ name: 'PXL_20261125_230145123.MP.jpg', mimeType: 'image/jpeg', buffer: original }]);
    await page.getByRole('list', { name: 'Photos to send' }).getByRole('listitem').first().waitFor();
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    expect(sent).toHaveLength(1);
    const [photo] = jpegsIn(sent[0]!);
    expect(photo).toBeDefined();
    const size = readImageSize(new Uint8Array(photo!), 'image/jpeg');
    expect(Math.max(size!.width, size!.height)).toBe(2048);
    expect(size!.width / size!.height).toBeCloseTo(4 / 3, 2);
    console.log(`photo sent: ${original.length} B as taken, ${photo!.length} B sent (${size!.width}×${size!.height})`);
    expect(photo!.length).toBeLessThan(original.length / 2);
    expect(await waitForMail(input.email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has a small version of at most 480 px sent beside it, which the owner's lead page loads instead of the photo", async () => {
    const { page, context, errors, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
    const original = await makeJpeg(page, 3000, 4000, 'Cracked pipe', 0.92);
    const sent: Buffer[] = [];
    await page.route('**/api/contact', async (route) => {
      sent.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await route.continue();
    });
    const input = contactInput(tag());
    await fill(page, input);
    await page.locator('#contact-photos').setInputFiles([{ name: 'IMG_0417.jpg', mimeType: 'image/jpeg', buffer: original }]);
    await page.getByRole('list', { name: 'Photos to send' }).getByRole('listitem').first().waitFor();
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The post carries the photo (2048 px) and, in the field smallPhoto1, its small version.
    const body = sent[0]!;
    const [photo, small] = jpegsIn(body);
    expect(body.includes(Buffer.from('name="smallPhoto1"'))).toBe(true);
    const photoSize = readImageSize(new Uint8Array(photo!), 'image/jpeg')!;
    const smallSize = readImageSize(new Uint8Array(small!), 'image/jpeg')!;
    expect([photoSize.width, photoSize.height]).toEqual([1536, 2048]);
    expect([smallSize.width, smallSize.height]).toEqual([360, SMALL_PHOTO_SIDE]);
    console.log(`photo sent: ${photo!.length} B, small version ${small!.length} B`);

    // The owner's lead page loads the small version, with its size set, and not the photo.
    const [owner] = await waitForMail(input.email);
    const id = /\/admin\/leads\/([0-9a-f-]{36})/.exec(owner!.body.content[0]!.value)![1]!;
    const admin = await signedInAdmin(suite.browser, `/admin/leads/${id}`, { viewport: PHONE });
    const loaded = leadImagesLoaded(admin.page, id);
    await admin.page.goto(`${baseUrl()}/admin/leads/${id}`, { waitUntil: 'load' });
    const thumbnail = admin.page.locator('.admin-photo img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      '360',
      '480',
    ]);
    await expect.poll(() => loaded.length).toBe(1);
    for (const viewport of [PHONE, DESKTOP]) {
      await admin.page.setViewportSize(viewport);
      await admin.page.locator('.lead-page').screenshot({ path: suite.shot(`admin-lead-small-photo-${viewport.width}.png`) });
    }
    expect(loaded).toEqual([{ path: `/admin/leads/${id}/photos/1/small`, bytes: small!.length }]);

    // A tap opens the viewer, which loads the photo itself.
    await thumbnail.click();
    await admin.page.waitForURL(`**/admin/leads/${id}/photos/1/view`);
    const full = admin.page.locator('.photo-viewer__stage img');
    await expect
      .poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBe(1536);
    expect(loaded.map((image) => image.path)).toContain(`/admin/leads/${id}/photos/1`);
    expect(loaded.find((image) => image.path === `/admin/leads/${id}/photos/1`)?.bytes).toBe(photo!.length);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it("sent without JavaScript, has its small version drawn by the owner's browser on the first view of the lead", async () => {
    const { page, context, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE, javaScript: false });
    const maker = await suite.browser.newPage();
    const original = await makeJpeg(maker, 1600, 1200, 'Gully', 0.85);
    await maker.close();
    const input = contactInput(tag());
    await fill(page, input);
    await page.locator('#contact-photos').setInputFiles([{ name: 'IMG_0999.jpg', mimeType: 'image/jpeg', buffer: original }]);
    await pastMinimumFillTime(openedAt);
    await Promise.all([page.waitForURL(/\/contact\/sent/), page.getByRole('button', { name: 'Send Message' }).click()]);
    await context.close();
    const [owner] = await waitForMail(input.email);
    const id = /\/admin\/leads\/([0-9a-f-]{36})/.exec(owner!.body.content[0]!.value)![1]!;

    // The first view shows the photo itself, and the owner's browser posts back its small version.
    const admin = await signedInAdmin(suite.browser, '/admin', { viewport: PHONE, javaScriptEnabled: true });
    const [posted] = await Promise.all([
      admin.page.waitForResponse((res) => new URL(res.url()).pathname === `/admin/leads/${id}/photos/1/small`),
      admin.page.goto(`${baseUrl()}/admin/leads/${id}`),
    ]);
    expect(posted.request().method()).toBe('POST');
    expect(posted.status()).toBe(201);

    // The next view loads the small version: 480 px, a fraction of the photo's bytes.
    const loaded = leadImagesLoaded(admin.page, id);
    await admin.page.reload({ waitUntil: 'load' });
    const thumbnail = admin.page.locator('.admin-photo img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await expect.poll(() => loaded.length).toBe(1);
    expect(loaded[0]!.path).toBe(`/admin/leads/${id}/photos/1/small`);
    expect(loaded[0]!.bytes).toBeLessThan(original.length / 3);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
