import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insidePolygon } from '../../src/map/geometry';
import { adminClientIp, signInAt } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';

/**
 * The owner sets the shaded service area on a phone without typing a coordinate: by tapping its
 * corners on the map, or (without JavaScript) by shading around the towns he ticks. The public
 * map shows it. Screenshots in test-results/site. The original content is restored at the end:
 * the other browser tests expect it.
 */

const suite = browserSuite('site', { webgl: true });

/** Signed in on the areas screen: a phone with touch (an iPhone's coarse pointer), or a desktop. */
async function areasScreen(viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const phone = viewport.width < 500;
  const context = await suite.browser.newContext({
    viewport,
    javaScriptEnabled,
    hasTouch: phone,
    isMobile: phone,
    extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await signInAt(page, '/admin/site/areas');
  expect(await page.locator('h1').textContent()).toBe('Areas');
  return { context, page, errors };
}

/** Only these towns ticked for the map. */
async function tickOnly(page: Page, fields: readonly string[]) {
  for (const box of await page.locator('#towns input[type=checkbox]').all()) {
    const name = (await box.getAttribute('name')) ?? '';
    if (fields.includes(name)) await box.check();
    else await box.uncheck();
  }
}

/** The shaded area and towns the public live map is given (its island's props). */
async function publicMap(page: Page): Promise<{ outline: [number, number][]; towns: { name: string }[] }> {
  await page.goto(`${baseUrl()}/areas-map`);
  return JSON.parse((await page.locator('[data-island=AreasMap]').getAttribute('data-props')) ?? '{}');
}

describe('the shaded area', () => {
  it('is drawn by tapping its corners on the map at 375 px, and the public map shows it', async () => {
    const { context, page, errors } = await areasScreen(PHONE, true);
    const map = page.locator('.area-shape__map');
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    expect(await page.locator('.area-shape input[name=area][value=keep]').isChecked()).toBe(true);
    await tickOnly(page, ['town-ringwood']);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const tapAt = (x: number, y: number) => page.touchscreen.tap(box.x + box.width * x, box.y + box.height * y);
    for (const [x, y] of [
      [0.15, 0.15],
      [0.85, 0.2],
      [0.9, 0.85],
      [0.5, 0.7],
    ] as const)
      await tapAt(x, y);
    const count = page.locator('.area-shape__count');
    await expect.poll(() => count.textContent()).toBe('4 corners tapped.');
    expect(await page.locator('.area-shape input[name=area][value=drawn]').isChecked()).toBe(true);
    // A wrong tap is taken back, and the corner tapped again.
    await page.getByRole('button', { name: 'Undo last corner' }).tap();
    await expect.poll(() => count.textContent()).toBe('3 corners tapped.');
    await tapAt(0.12, 0.88);
    await expect.poll(() => count.textContent()).toBe('4 corners tapped.');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: suite.shot('areas-map-375.png'), fullPage: true });
    const corners = (await page.locator('.area-shape input[name=outline]').inputValue())
      .split('\n')
      .map((line) => line.split(' | ').map(Number).reverse() as [number, number]);
    expect(corners).toHaveLength(4);
    // Where a tap lands: in the region, the first corner north-west of the last one.
    expect(corners[0]![1]).toBeGreaterThan(corners[3]![1]);
    expect(corners[0]![0]).toBeLessThan(corners[1]![0]);

    await page.click('button[value=publish]');
    expect(await page.locator('[role=status]').textContent()).toContain('Published.');
    const shown = await publicMap(page);
    expect(shown.outline).toEqual(corners);
    expect(shown.towns.map((t) => t.name)).toEqual(['Ringwood']);
    await page.goto(`${baseUrl()}/`);
    const picture = page.locator('svg.areas-map__picture');
    expect(await picture.locator('text').allTextContents()).toEqual(['Ringwood']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is shaded around the towns ticked without JavaScript, and the public map shows the town beyond the old area', async () => {
    const { context, page } = await areasScreen(PHONE, false);
    // Without JavaScript there is no map to tap, and no coordinate to type.
    expect(await page.locator('.area-shape input[name=area][value=drawn]').count()).toBe(0);
    expect(await page.locator('input[name=outline], textarea[name=outline]').count()).toBe(0);
    await tickOnly(page, ['town-fordingbridge', 'town-ringwood', 'town-christchurch']);
    await page.fill('#places', `${await page.inputValue('#places')}\nFordingbridge`);
    await page.check('.area-shape input[name=area][value=towns]');
    await page.click('button[value=publish]');
    expect(await page.locator('[role=status]').textContent()).toContain('Published.');
    const shown = await publicMap(page);
    for (const [lng, lat] of [
      [-1.791, 50.928],
      [-1.7887, 50.8456],
      [-1.7783, 50.7357],
    ] as const)
      expect(insidePolygon([lng, lat], shown.outline)).toBe(true);
    await page.goto(`${baseUrl()}/`);
    await page.locator('svg.areas-map__picture').scrollIntoViewIfNeeded();
    expect(await page.locator('svg.areas-map__picture text').allTextContents()).toContain('Fordingbridge');
    await page.screenshot({ path: suite.shot('home-map-fordingbridge-375.png') });
    await context.close();
  });

  it('looks right at 1280 px; the original content comes back', async () => {
    const { context, page } = await areasScreen(DESKTOP, true);
    await expect.poll(() => page.locator('.area-shape__map').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await page.screenshot({ path: suite.shot('areas-map-1280.png'), fullPage: true });
    await page.goto(`${baseUrl()}/admin/site/history/0`);
    await page.click('button:has-text("Restore")');
    expect(await page.locator('[role=status]').textContent()).toContain('Restored');
    await context.close();
  });
});
