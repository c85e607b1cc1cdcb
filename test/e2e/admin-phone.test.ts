import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, PHONE } from './browser';

/**
 * The admin on a 375 px phone (issue 35): every section is reached from the first screen through
 * the Menu button, with and without JavaScript; every control on the lead page and the inbox has
 * 16 px text (Safari zooms into smaller fields) and is 44 px tall; nothing on the inbox or the
 * dashboard runs off the screen or is cut short. Screenshots go to test-results/admin-phone.
 */

const suite = browserSuite('admin-phone');
const ip = () => `2001:db8:e35::${crypto.randomUUID().slice(0, 4)}`;

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip() },
    body: JSON.stringify({
      'full-name': 'Priya Ramanathan-Whitfield',
      email: `priya.${crypto.randomUUID().slice(0, 6)}@example.org`,
      phone: '07700 900123',
      address: '4 Elm Close, Parkstone, Poole BH14 8QT',
      details: 'Gurgling toilet and a smell in the garden.',
      service: 'drain-unblocking',
      formToken: await issueFormToken('e2e-signing-secret', 'quote', Date.now() - 10_000),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
});

async function signedInPhone(javaScriptEnabled: boolean): Promise<Page> {
  const { page } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE, javaScriptEnabled });
  await page.waitForURL(/\/admin\/leads$/);
  return page;
}

/** Every visible control that is narrower than 16 px text or shorter than 44 px, by name. */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter((el) => {
        const type = el.getAttribute('type');
        return !['hidden', 'checkbox', 'radio'].includes(type ?? '') && el.getClientRects().length > 0;
      })
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const { height } = el.getBoundingClientRect();
        const size = Number.parseFloat(style.fontSize);
        return size >= 16 && height >= 44 ? [] : [`${el.outerHTML.slice(0, 80)} ${size}px text, ${Math.round(height)}px tall`];
      }),
  );
}

/** Elements that reach past the screen's right edge, or whose text is cut short. */
async function offScreenOrCut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1;
      return box.right > document.documentElement.clientWidth || cut ? [`${el.className}: ${el.textContent}`] : [];
    }),
  );
}

describe('the admin at 375 px', () => {
  for (const javaScript of [true, false]) {
    it(`the Menu button reaches Site, and marks where the owner is (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const page = await signedInPhone(javaScript);
      const site = page.getByRole('link', { name: 'Site', exact: true });
      expect(await site.isVisible()).toBe(false);
      const menu = page.locator('summary', { hasText: 'Menu' });
      const box = await menu.boundingBox();
      expect(box && box.y + box.height <= PHONE.height && box.x + box.width <= PHONE.width).toBe(true);
      await menu.click();
      expect(await page.locator('.admin-menu__panel a[aria-current="page"]').textContent()).toBe('Leads');
      if (javaScript) await page.screenshot({ path: suite.shot('menu-open-375.png') });
      for (const name of ['Dashboard', 'Posts', 'Media', 'People', 'Audit log', 'Devices', 'View site']) {
        expect(await page.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      await site.click();
      await page.waitForURL(/\/admin\/site$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.locator('summary', { hasText: 'Menu' }).click();
      expect(await page.locator('.admin-menu__panel a[aria-current="page"]').textContent()).toBe('Site');
      await page.context().close();
    });
  }

  it('the passkey button: ready to press with JavaScript, gone (and said why) without', async () => {
    // Its script held back (a slow phone network): the server's button looks ready, not greyed out.
    const slow = await suite.browser.newContext({ viewport: PHONE });
    const waiting = await slow.newPage();
    await waiting.route(/\/assets\/PasskeyButton-[\w-]+\.js$/, (route) => route.abort());
    await waiting.goto(`${baseUrl()}/admin/login`);
    const early = waiting.getByRole('button', { name: 'Sign in with a passkey' });
    expect(await early.getAttribute('data-starting')).toBe('');
    expect(await early.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await slow.close();
    for (const javaScriptEnabled of [true, false]) {
      const context = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/admin/login`);
      const button = page.getByRole('button', { name: 'Sign in with a passkey' });
      if (javaScriptEnabled) {
        await expect.poll(() => button.isEnabled()).toBe(true);
      } else {
        expect(await button.isVisible()).toBe(false);
        // (Chromium's no-JavaScript emulation still parses <noscript> as text; a real browser shows its line.)
        expect(await page.locator('noscript').first().textContent()).toContain('Passkeys need JavaScript');
      }
      await context.close();
    }
  });

  it('the lead page, inbox and dashboard: 16 px text, 44 px controls, nothing off-screen or cut', async () => {
    const page = await signedInPhone(true);
    expect(await offScreenOrCut(page, '.inbox-filters a, .inbox-row__what, .inbox-row__place')).toEqual([]);
    expect(await page.locator('.inbox-row__place', { hasText: 'Poole BH14' }).count()).toBeGreaterThan(0);
    expect(await smallControls(page)).toEqual([]);
    await page.screenshot({ path: suite.shot('inbox-375.png'), fullPage: true });

    await page.locator('.inbox-row', { hasText: 'Priya Ramanathan-Whitfield' }).first().locator('a').click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    for (const step of ['Book a visit', 'Mark lost']) await page.locator('summary', { hasText: step }).click();
    const day = page.locator('#book-day');
    expect(await day.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
    expect((await day.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await smallControls(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: suite.shot('lead-375.png'), fullPage: true });

    await page.goto(`${baseUrl()}/admin/dashboard`);
    expect(await offScreenOrCut(page, '.inbox-row__what, .inbox-row__place')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await smallControls(page)).toEqual([]);
    // And every other screen of the admin.
    for (const other of ['/admin/posts', '/admin/posts/new', '/admin/media', '/admin/site', '/admin/people', '/admin/devices']) {
      await page.goto(`${baseUrl()}${other}`);
      expect(await smallControls(page), other).toEqual([]);
    }
    await page.context().close();
  });
});
