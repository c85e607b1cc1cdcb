import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserSuite, fitsWidth, PHONE } from './browser';
import { fill, pastMinimumFillTime, quoteInput, startForm, tag } from './leads-helpers';
import { queryLocalD1 } from './local-d1';

/**
 * On a phone: "Do we cover you?" on a service page carries the postcode and the service into the
 * quote form, whose postcode has a field of its own that the area check reads; from Home the
 * postcode goes into the message. Screenshots in test-results/forms-carry.
 */

const suite = browserSuite('forms-carry');

async function phonePage(pathname: string): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'CF-Connecting-IP': `2001:db8:e2e:34::${crypto.randomUUID().slice(0, 4)}` },
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
  return page;
}

describe('the postcode a visitor checked, on a phone', () => {
  it("goes with the service into that service's quote form, and the request is in the area", async () => {
    const page = await phonePage('/services/drain-unblocking');
    await page.fill('#postcode-check', 'bh6 3aa');
    await page.click('.postcode-check button[type=submit]');
    expect(await page.locator('.postcode-answer h2').textContent()).toBe('Yes, we cover BH6');
    await page.screenshot({ path: suite.shot('answer-375.png') });
    await page.getByRole('link', { name: 'Get Your Quote' }).click();
    await startForm(page);
    const openedAt = Date.now();
    expect(await page.inputValue('#quote-postcode')).toBe('BH6 3AA');
    expect(await page.inputValue('#quote-service')).toBe('drain-unblocking');
    expect(await page.getAttribute('#quote-postcode', 'autocomplete')).toBe('postal-code');
    expect(await fitsWidth(page)).toBe(true);
    await page.locator('#quote-address').scrollIntoViewIfNeeded();
    await page.screenshot({ path: suite.shot('quote-carried-375.png') });

    // As autofill leaves it: the first line of the address only, the postcode in its own field.
    // The postcode field keeps what was carried: the input leaves it alone.
    const { postcode: _carried, ...typed } = quoteInput(tag());
    const input = { ...typed, address: '12 Seaview Road, Southbourne' };
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await page.click('form.lead-form button[type=submit]');
    await page.locator('.sent-panel').waitFor();
    const [stored] = queryLocalD1<{ address: string; area_check: string; service: string }>(
      `SELECT address, area_check, service FROM leads WHERE email = '${input.email}'`,
    );
    expect(stored).toEqual({
      address: '12 Seaview Road, Southbourne, BH6 3AA',
      area_check: 'covered',
      service: 'drain-unblocking',
    });
    await page.context().close();
  });

  it('from Home goes into the message', async () => {
    const page = await phonePage('/');
    await page.fill('#postcode-check', 'BH23 1AA');
    await page.click('.postcode-check button[type=submit]');
    await page.getByRole('link', { name: 'Send a Message' }).click();
    await startForm(page);
    expect(await page.inputValue('#contact-message')).toBe('Postcode: BH23 1AA\n\n');
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  });
});
