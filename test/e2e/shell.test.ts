import { describe, expect, it } from 'vitest';
import { baseUrl, browserSuite, DESKTOP, openPage, PHONE } from './browser';

const suite = browserSuite();

describe('the site shell in Chromium', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows header and footer at ${viewport.width}px with no console errors and no framework JavaScript on load`, async () => {
      const scripts: string[] = [];
      const { page, context, errors } = await openPage(suite.browser, '/', { viewport });
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      });
      await page.reload({ waitUntil: 'load' });
      const header = page.locator('header.site-header');
      await expect(header.isVisible()).resolves.toBe(true);
      const box = await header.boundingBox();
      expect(box?.height).toBe(96);
      await expect(page.locator('footer.site-footer').isVisible()).resolves.toBe(true);
      expect(await page.locator('h1').first().textContent()).toBe('Drain Unblocking & Repairs across BCP & New Forest');
      // The map lives in a lazy iframe, so Home loads no script at all.
      expect(scripts.map((u) => new URL(u).pathname)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('serves hashed assets as immutable and HTML as revalidated', async () => {
    const html = await (await fetch(`${baseUrl()}/free-quote`)).text();
    const script = html.match(/src="(\/assets\/lazy-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${baseUrl()}/`);
    expect(page.headers.get('cache-control')).not.toContain('immutable');
  });
});
