import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { site } from '../support/content';
import { browserSuite, DESKTOP, openPage, PHONE } from './browser';

const suite = browserSuite();

/** The notice as a visitor lands on it: its heading and the business's own e-mail. */
async function expectNotice(page: Page) {
  await page.waitForURL('**/privacy');
  expect(await page.locator('h1').textContent()).toBe('Privacy Notice');
  expect(await page.locator('main').getByRole('link', { name: site.email.address }).first().isVisible()).toBe(true);
}

describe('the privacy notice', () => {
  it('is reached from the footer', async () => {
    const { page, context, errors } = await openPage(suite.browser, '/faq');
    await page.locator('footer').getByRole('link', { name: 'Privacy notice' }).click();
    await expectNotice(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const { path, line } of [
    { path: '/contact', line: 'We use your details only to answer you.' },
    { path: '/free-quote', line: 'We use your details only to prepare your quote.' },
  ]) {
    it(`is linked beside the send button on ${path}, on a phone and a desktop`, async () => {
      const { page, context, errors } = await openPage(suite.browser, path, { viewport: PHONE });
      const note = page.locator('form.lead-form .lead-form__privacy');
      expect(await note.textContent()).toBe(`${line} Privacy notice`);
      expect(await note.isVisible()).toBe(true);
      // Nothing runs off the side of a 375 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.locator('.lead-form__actions').screenshot({ path: `/tmp/privacy/form${path.replace('/', '-')}-375.png` });
      await page.setViewportSize(DESKTOP);
      await page.locator('.lead-form__actions').screenshot({ path: `/tmp/privacy/form${path.replace('/', '-')}-1280.png` });
      await note.getByRole('link', { name: 'Privacy notice' }).click();
      await expectNotice(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('fits a phone and a desktop screen (screenshots in /tmp/privacy)', async () => {
    for (const [name, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const { page, context, errors } = await openPage(suite.browser, '/privacy', { viewport });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `/tmp/privacy/privacy-${name}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
