import { describe, expect, it } from 'vitest';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { siteContentPage } from './site-helpers';

/**
 * The owner on a phone, without JavaScript: puts a town on the map by ticking it (no latitude
 * typed), and restores an earlier version only after seeing what it changes. Screenshots of each
 * site content screen at 375 and 1280 px (test-results/site). The original content is restored
 * at the end: the other browser tests expect it.
 */

const suite = browserSuite('site');

describe('the owner on a phone', () => {
  it('puts Verwood on the map by ticking it, and the public map and area list show it', async () => {
    const page = await siteContentPage(suite.browser, PHONE);
    await page.click('text=Areas');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('areas-375.png'), fullPage: true });
    // A town outside the shaded area: the form comes back with a message, nothing ticked is lost.
    await page.check('input[name="town-wareham"]');
    await page.click('button[value=publish]');
    expect(await page.locator('#towns-error').textContent()).toContain('Wareham is outside the shaded area');
    expect(await page.isChecked('input[name="town-wareham"]')).toBe(true);
    await page.uncheck('input[name="town-wareham"]');
    await page.check('input[name="town-verwood"]');
    await page.fill('#places', `${await page.inputValue('#places')}\nVerwood`);
    await page.click('button[value=publish]');
    expect(await page.locator('[role=status]').textContent()).toContain('Published.');

    await page.goto(`${baseUrl()}/`);
    const picture = page.locator('svg.areas-map__picture');
    await expect.poll(() => picture.locator('text', { hasText: 'Verwood' }).count()).toBe(1);
    expect(await page.locator('footer li', { hasText: 'Verwood' }).count()).toBe(1);
    await page.locator('svg.areas-map__picture').scrollIntoViewIfNeeded();
    await page.screenshot({ path: suite.shot('home-map-verwood-375.png') });
    await page.context().close();
  });

  it('restores an earlier version only after seeing what it changes, and can restore one section', async () => {
    const page = await siteContentPage(suite.browser, PHONE);
    await page.goto(`${baseUrl()}/admin/site/notices`);
    await page.fill('#text', 'Bank holiday: emergency calls only');
    await page.fill('#starts', '2031-05-05T00:00');
    await page.fill('#ends', '2031-05-06T00:00');
    await page.click('button[value=publish]');
    await page.goto(`${baseUrl()}/admin/site/history`);
    await page.screenshot({ path: suite.shot('history-375.png'), fullPage: true });
    await page.click('text=Restore the original content');
    expect(await page.locator('h1').textContent()).toBe('Restore the original content?');
    const areas = page.locator('.site-restore', { hasText: 'Areas' });
    expect(await areas.textContent()).toContain('The map town Verwood will be removed');
    expect(await page.locator('.site-restore', { hasText: 'Notices' }).textContent()).toContain(
      'Notice “Bank holiday: emergency calls only” will be removed',
    );
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('restore-375.png'), fullPage: true });
    // Nothing changed by looking.
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('svg.areas-map__picture text', { hasText: 'Verwood' }).count()).toBe(1);

    // Only the areas: Verwood goes, the notice stays.
    await page.goto(`${baseUrl()}/admin/site/history/0`);
    await page.locator('.site-restore', { hasText: 'Areas' }).locator('button', { hasText: 'Restore only areas' }).click();
    expect(await page.locator('[role=status]').textContent()).toContain('Restored');
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('svg.areas-map__picture text', { hasText: 'Verwood' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/site/notices`);
    expect(await page.locator('.admin-item__title').first().textContent()).toBe('Bank holiday: emergency calls only');

    await page.goto(`${baseUrl()}/admin/site/history/0`);
    await page.click('button:has-text("Restore")');
    expect(await page.locator('[role=status]').textContent()).toContain('Restored');
    await page.context().close();
  });
});

describe('every site content screen', () => {
  it('fits a phone and a desktop', async () => {
    for (const [viewport, width] of [
      [PHONE, 375],
      [DESKTOP, 1280],
    ] as const) {
      const page = await siteContentPage(suite.browser, viewport);
      for (const [name, where] of [
        ['index', '/admin/site'],
        ['facts', '/admin/site/facts'],
        ['facts-contact', '/admin/site/facts/contact'],
        ['facts-business', '/admin/site/facts/business'],
        ['facts-place', '/admin/site/facts/place'],
        ['facts-hours', '/admin/site/facts/hours'],
        ['notices', '/admin/site/notices'],
        ['services', '/admin/site/services'],
        ['service', '/admin/site/services/soakaways'],
        ['prices', '/admin/site/prices'],
        ['faq', '/admin/site/faq'],
        ['reviews', '/admin/site/reviews'],
        ['areas', '/admin/site/areas'],
        ['history', '/admin/site/history'],
      ] as const) {
        await page.goto(`${baseUrl()}${where}`);
        expect(await fitsWidth(page), `${where} at ${width}`).toBe(true);
        if (name === 'facts-business') {
          // Accreditations are a name and a link in boxes of their own, never "Name | https://…" syntax.
          const link = page.locator('#accreditationLink0');
          expect(await link.getAttribute('type')).toBe('url');
          expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          expect(await page.locator('textarea[name=accreditations]').count()).toBe(0);
          expect(await page.textContent('main')).not.toContain(' | ');
        }
        await page.screenshot({ path: suite.shot(`${name}-${width}.png`), fullPage: true });
      }
      await page.goto(`${baseUrl()}/admin/site/faq`);
      await page.click('button[value=preview]');
      await page.selectOption('#preview-page', '/services/soakaways');
      await page.click('.admin-preview-bar__pages button');
      expect(await page.locator('h1').first().textContent()).toBe('Soakaways');
      expect(await page.locator('.admin-preview-bar').textContent()).toContain('Preview, not published yet.');
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: suite.shot(`preview-${width}.png`) });
      await page.context().close();
    }
  });
});
