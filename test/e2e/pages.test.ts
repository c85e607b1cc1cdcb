import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtPagePath } from '../../src/cache/built-pages';
import { faqs } from '../../src/content/faqs';
import { services } from '../../src/content/services';
import { baseUrl, browserSuite, DESKTOP, openPage, PHONE } from './browser';

const suite = browserSuite();

const menuWidth = (page: Page) => page.locator('#mobile-menu').evaluate((el) => el.getBoundingClientRect().width);

describe('the desktop Services dropdown', () => {
  it('opens from the Services button, lists All Services then the 12 services, and closes on Escape', async () => {
    const { page, context } = await openPage(suite.browser, '/', { viewport: DESKTOP });
    const menu = page.locator('#services-menu');
    const button = page.getByRole('button', { name: 'Services' });
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    expect(await menu.isVisible()).toBe(true);
    const links = await menu.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([['All Services', '/services'], ...services.map((s) => [s.title, `/services/${s.slug}`])]);
    expect(await menu.locator('a.services-menu__all + hr').count()).toBe(1);
    // It drops down under the button, not somewhere else in the header.
    const buttonBox = (await button.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height - 1);
    expect(Math.abs(menuBox.x - buttonBox.x)).toBeLessThan(40);

    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);

    // Keyboard: focus the button, Enter opens, Tab moves into the list, the link works.
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All Services');
    await page.getByRole('link', { name: 'Root Cutting' }).first().click();
    await page.waitForURL('**/services/root-cutting');
    expect(await page.locator('h1').textContent()).toBe('Root Cutting');
    await context.close();
  });
});

describe('the mobile menu', () => {
  it('slides in from the left at 375px, 300px wide, with a collapsible Services list, and closes on Escape', async () => {
    const { page, context } = await openPage(suite.browser, '/', { viewport: PHONE });
    const menu = page.locator('#mobile-menu');
    expect(await page.locator('nav.main-nav').isVisible()).toBe(false);
    expect(await menu.isVisible()).toBe(false);

    // Record the menu's left edge on each frame after the tap: it must travel in from off-screen left.
    const lefts = await page.evaluate(async () => {
      const el = document.getElementById('mobile-menu')!;
      (document.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement).click();
      const xs: number[] = [];
      const start = performance.now();
      while (performance.now() - start < 600) {
        await new Promise((r) => requestAnimationFrame(r));
        xs.push(el.getBoundingClientRect().left);
      }
      return xs;
    });
    expect(Math.min(...lefts)).toBeLessThan(-100);
    expect(lefts.at(-1)).toBe(0);
    expect(await menuWidth(page)).toBe(300);

    const servicesLink = menu.getByRole('link', { name: 'Drain Unblocking' });
    const summary = menu.locator('summary', { hasText: 'Services' });
    expect(await servicesLink.isVisible()).toBe(false);
    await summary.click();
    expect(await servicesLink.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'All Services' }).isVisible()).toBe(true);
    await summary.click();
    expect(await servicesLink.isVisible()).toBe(false);

    for (const name of ['Home', 'FAQs', 'Blog', 'Contact']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    const call = menu.getByRole('link', { name: /^Call / });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+44/);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menu.isVisible()).toBe(false);
    await context.close();
  });

  it('is 400px wide on a larger small screen (700px) and closes from its close button', async () => {
    const { page, context } = await openPage(suite.browser, '/faq', { viewport: { width: 700, height: 900 } });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await menuWidth(page)).toBe(400);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the FAQ accordion', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`opens one answer at a time and can close them all, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const { page, context } = await openPage(suite.browser, '/faq', { viewport: PHONE, javaScriptEnabled });
      const items = page.locator('details.faq__item');
      expect(await items.count()).toBe(8);
      const answer = (i: number) => page.getByText(faqs[i]!.answer);
      const openCount = () => items.evaluateAll((els) => els.filter((el) => (el as HTMLDetailsElement).open).length);
      expect(await openCount()).toBe(0);
      expect(await answer(0).isVisible()).toBe(false);

      await page.getByText(faqs[0]!.question).click();
      expect(await answer(0).isVisible()).toBe(true);

      await page.getByText(faqs[1]!.question).click();
      expect(await answer(1).isVisible()).toBe(true);
      expect(await answer(0).isVisible()).toBe(false);
      expect(await openCount()).toBe(1);

      await page.getByText(faqs[1]!.question).click();
      expect(await answer(1).isVisible()).toBe(false);
      expect(await openCount()).toBe(0);

      const contact = page.getByRole('link', { name: 'Contact Us Now' });
      expect(await contact.getAttribute('href')).toBe('/contact');
      await context.close();
    });
  }
});

describe('every page', () => {
  const paths = ['/', '/services', ...services.map((s) => `/services/${s.slug}`), '/faq', '/contact', '/free-quote'];

  it('loads at 375px and 1280px with no console errors, no failed requests and no sideways scrolling', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`${page.url()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`${page.url()}: ${err.message}`));
      page.on('response', (res) => {
        if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
      });
      for (const path of paths) {
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
        // Lazy images below the fold load too: scroll to the end, then wait for the network.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(sideways, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        expect(await page.locator('h1').count(), path).toBe(1);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the pages built with the deploy, under wrangler dev', () => {
  it('answers / from its built copy and never serves the built files at their own paths', async () => {
    const home = await fetch(`${baseUrl()}/`);
    expect(home.status).toBe(200);
    expect(['built', 'hit']).toContain(home.headers.get('x-page-cache'));
    expect(await home.text()).toContain('<h1');
    // wrangler.jsonc routes /__built/* to the Worker first, so the asset server does not answer it.
    for (const file of [builtPagePath('/'), builtPagePath('/faq')]) {
      const res = await fetch(`${baseUrl()}${file}`);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toContain('"vars"');
    }
  });
});
