import type { Feature, FeatureCollection, GeoJSON, Point, Polygon } from 'geojson';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapView, servicePolygon, towns } from '../../src/content/areas';
import { fitScale } from '../../src/map/fit';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';

/** Files the live map costs: its island chunk, maplibre (code, worker, CSS) and the region data. */
const MAP_FILES = /\/assets\/(AreasMap-|maplibre-gl-|region-)/;

// The shared launch flags plus software WebGL (SwiftShader), which the live map needs.
const suite = browserSuite('map', { webgl: true });

async function open(viewport: { width: number; height: number }, javaScriptEnabled = true, init?: () => void, pathname = '/') {
  const context = await suite.browser.newContext({ viewport, javaScriptEnabled });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname));
  // Console errors (CSP refusals among them) and the island's own warning; failed map requests.
  page.on('console', (msg) => {
    const text = msg.text();
    if ((msg.type() === 'error' && !text.startsWith('Failed to load resource')) || text.includes('interactive map'))
      errors.push(text);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && MAP_FILES.test(new URL(res.url()).pathname)) errors.push(`${res.status()} ${res.url()}`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
  return { context, page, requests, errors };
}

/** The live map's document, in its iframe over the picture. */
const live = (page: Page) => page.frameLocator('iframe.areas-map__embed');

async function liveFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe.areas-map__embed').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the map iframe has no document');
  return frame;
}

/** What the live map holds, read through the instance the island leaves on its container. */
async function readMap(page: Page) {
  const frame = await liveFrame(page);
  return frame.evaluate(async () => {
    type Source = { getData: () => Promise<GeoJSON> };
    type LiveMap = {
      getCenter: () => { lat: number; lng: number };
      getZoom: () => number;
      getSource: (id: string) => Source | undefined;
      queryRenderedFeatures: (options: { layers: string[] }) => { properties: { name?: string } }[];
      scrollZoom: { isEnabled: () => boolean };
      getCanvas: () => HTMLCanvasElement;
    };
    const map = (document.querySelector('.areas-map__canvas') as HTMLElement & { areasMap: LiveMap }).areasMap;
    const area = (await map.getSource('service-area')!.getData()) as Feature<Polygon>;
    const townData = (await map.getSource('towns')!.getData()) as FeatureCollection<Point>;
    const canvas = map.getCanvas();
    return {
      center: map.getCenter(),
      zoom: map.getZoom(),
      area: area.geometry.coordinates[0],
      towns: townData.features.map((f) => ({ name: f.properties?.name, at: f.geometry.coordinates })),
      drawnTowns: map.queryRenderedFeatures({ layers: ['towns'] }).map((f) => f.properties.name),
      drawnLand: map.queryRenderedFeatures({ layers: ['land'] }).length,
      canvas: { width: canvas.clientWidth, height: canvas.clientHeight, tabIndex: canvas.tabIndex },
      labels: [...document.querySelectorAll('.areas-map__label')].map((l) => l.textContent),
      scrollZoom: map.scrollZoom.isEnabled(),
    };
  });
}

const frameBox = (page: Page) => page.locator('.areas-map__frame').boundingBox();

describe('the service-area map', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`loads nothing of the map until the section nears the viewport, then draws it in place (${viewport.width}px)`, async () => {
      const { context, page, requests, errors } = await open(viewport);
      await page.waitForLoadState('networkidle');
      // Not even the iframe's document: the browser loads it only as the section comes near.
      expect(requests.filter((r) => MAP_FILES.test(r) || r === '/areas-map')).toEqual([]);
      expect(requests.some((r) => r.endsWith('.js'))).toBe(false);
      const html = await page.content();
      expect(html).not.toMatch(/(href|src)="\/assets\/(AreasMap-|maplibre-gl-|region-)/);

      const section = page.locator('.areas-map');
      await section.scrollIntoViewIfNeeded();
      const before = await frameBox(page);
      await section.screenshot({ path: suite.shot(`before-${viewport.width}.png`) });
      await live(page).locator('.areas-map__live[data-state="ready"]').waitFor({ timeout: 45_000 });
      await page.waitForTimeout(400); // the fade-in
      await section.screenshot({ path: suite.shot(`after-${viewport.width}.png`) });
      expect(await frameBox(page)).toEqual(before);
      expect(before?.height).toBe(mapView.minHeight);

      const fetched = requests.filter((r) => MAP_FILES.test(r));
      for (const file of ['AreasMap-', 'maplibre-gl-', 'maplibre-gl-worker-', 'region-']) {
        expect(fetched.some((r) => r.startsWith(`/assets/${file}`))).toBe(true);
      }
      expect(fetched.some((r) => r.endsWith('.css'))).toBe(true);

      const map = await readMap(page);
      expect(map.center.lat).toBeCloseTo(mapView.center.lat, 6);
      expect(map.center.lng).toBeCloseTo(mapView.center.lng, 6);
      // Zoom 9 where the box is wide enough (desktop); zoomed out to keep the towns in view on a phone.
      const scale = fitScale(before!.width, before!.height);
      expect(map.zoom).toBeCloseTo(mapView.zoom + Math.log2(scale), 2);
      if (viewport === DESKTOP) expect(map.zoom).toBe(mapView.zoom);
      else expect(map.zoom).toBeLessThan(mapView.zoom);
      expect(map.canvas.height).toBe(mapView.minHeight);
      expect(map.canvas.tabIndex).toBe(0);
      expect(map.area).toEqual([...servicePolygon, servicePolygon[0]].map((p) => [...p!]));
      expect(map.towns).toEqual(towns.map((t) => ({ name: t.name, at: [t.lng, t.lat] })));
      expect(map.labels).toEqual(towns.map((t) => t.name));
      expect(map.drawnLand).toBeGreaterThan(0);
      expect(new Set(map.drawnTowns)).toEqual(new Set(towns.map((t) => t.name)));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('when the browser fetches the framed map early (a short service page), starts maplibre only as it comes on screen', async () => {
    const { context, page, requests, errors } = await open(DESKTOP, true, undefined, '/services/drain-unblocking');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000); // past the starter's idle wait
    expect(requests).toContain('/areas-map');
    expect(requests.filter((r) => MAP_FILES.test(r))).toEqual([]);
    await page.locator('.areas-map').scrollIntoViewIfNeeded();
    await live(page).locator('.areas-map__live[data-state="ready"]').waitFor({ timeout: 45_000 });
    expect(requests.some((r) => r.startsWith('/assets/maplibre-gl-'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('zooms with the wheel only while focused, and from the keyboard', async () => {
    const { context, page, errors } = await open(DESKTOP);
    await page.locator('.areas-map').scrollIntoViewIfNeeded();
    await live(page).locator('.areas-map__live[data-state="ready"]').waitFor({ timeout: 45_000 });
    expect((await readMap(page)).scrollZoom).toBe(false);
    const canvas = live(page).locator('.areas-map__canvas canvas');
    await canvas.focus();
    expect((await readMap(page)).scrollZoom).toBe(true);
    await page.keyboard.press('Equal');
    await expect.poll(async () => (await readMap(page)).zoom, { timeout: 5000 }).toBeCloseTo(mapView.zoom + 1, 5);
    await page.locator('h1').first().click();
    expect((await readMap(page)).scrollZoom).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the picture, and fetches nothing of maplibre, without WebGL 2', async () => {
    const { context, page, requests, errors } = await open(DESKTOP, true, () => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        return type === 'webgl2' ? null : (getContext as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof getContext;
    });
    await page.locator('.areas-map').scrollIntoViewIfNeeded();
    await live(page).locator('.areas-map__live[data-state="unavailable"]').waitFor({ state: 'attached', timeout: 15_000 });
    // Once the map has said it cannot start, nothing of maplibre may follow. A busy machine keeps the
    // page's other requests going past 'networkidle' (CI twice, at 30 s and 40 s), so the page is
    // given its load and two quiet seconds after the decision instead.
    await page.waitForLoadState('load');
    await page.waitForTimeout(2_000);
    expect(requests.filter((r) => /maplibre-gl-|region-/.test(r))).toEqual([]);
    await expect(page.locator('svg.areas-map__picture').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('waits for a click when the visitor asks to save data', async () => {
    const { context, page, requests } = await open(PHONE, true, () => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
    });
    await page.locator('.areas-map').scrollIntoViewIfNeeded();
    const start = live(page).getByRole('button', { name: 'Show interactive map' });
    await start.waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => /maplibre-gl-|region-/.test(r))).toEqual([]);
    await start.click();
    await live(page).locator('.areas-map__live[data-state="ready"]').waitFor({ timeout: 45_000 });
    expect(requests.some((r) => r.startsWith('/assets/maplibre-gl-'))).toBe(true);
    await context.close();
  });

  it('shows the static picture with the 12 towns and the data attribution without JavaScript', async () => {
    const { context, page, requests } = await open(PHONE, false);
    const picture = page.locator('svg.areas-map__picture');
    await picture.scrollIntoViewIfNeeded();
    await expect(picture.isVisible()).resolves.toBe(true);
    expect(await picture.getAttribute('role')).toBe('img');
    const label = (await picture.getAttribute('aria-label')) ?? '';
    for (const town of towns) expect(label).toContain(town.name);
    expect(await picture.locator('text').allTextContents()).toEqual(towns.map((t) => t.name));
    expect((await frameBox(page))?.height).toBe(mapView.minHeight);
    await expect(page.locator('.areas-map__caption').textContent()).resolves.toContain('© OpenStreetMap contributors');
    await page.locator('.areas-map').screenshot({ path: suite.shot('no-js-375.png') });
    expect(requests.filter((r) => MAP_FILES.test(r))).toEqual([]);
    await context.close();
  });

  it('renders no inline style attribute', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toContain('areas-map__picture');
    expect(html).not.toMatch(/\sstyle="/);
  });
});
