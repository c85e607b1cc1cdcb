import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImageSize } from '../../src/media/dimensions';
import { makeJpeg } from '../support/make-photo';
import { launchBrowser, PHONE } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, tag, toast, waitForMail } from './leads-helpers';

/**
 * A customer's phone photo is made smaller in the browser before it is sent (client/shrink-photo.ts,
 * the longest side 2048 px, JPEG), so a 4000 × 3000 photo does not cost the customer megabytes of
 * mobile data; the server's own checks are unchanged. Read from the request the browser really sends.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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

describe("a customer's photo on a phone", () => {
  it('is sent at 2048 px on its long side at most, a fraction of the original, and arrives with the lead', async () => {
    const { page, context, errors, openedAt } = await openLeadPage(browser, '/contact', { viewport: PHONE });
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
});
