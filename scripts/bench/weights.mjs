// Bytes over the wire (gzip) per page type: HTML, CSS, JavaScript loaded before any interaction,
// images above the fold, and the number of requests, measured in Chromium at phone size.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './pages.mjs';

const gz = (buf) => gzipSync(buf, { level: 6 }).length;

export async function measureWeights(baseUrl, pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
      const tab = await context.newPage();
      const responses = [];
      tab.on('response', (res) => responses.push(res));
      await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load' });
      await tab.waitForLoadState('networkidle');
      // Images whose box intersects the first screen.
      const aboveFold = new Set(
        await tab.evaluate(() =>
          [...document.images]
            .filter((img) => {
              const r = img.getBoundingClientRect();
              return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
            })
            .map((img) => img.currentSrc || img.src),
        ),
      );
      // The stylesheet is inline in the HTML: count it as CSS (it is also inside the HTML bytes).
      const inlineCss = await tab.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent).join(''));
      const sums = {
        html: 0,
        css: inlineCss ? gz(Buffer.from(inlineCss)) : 0,
        js: 0,
        imagesAboveFold: 0,
        requests: responses.length,
      };
      for (const res of responses) {
        const type = res.request().resourceType();
        let body;
        try {
          body = await res.body();
        } catch {
          continue;
        }
        if (type === 'document') sums.html += gz(body);
        else if (type === 'stylesheet') sums.css += gz(body);
        else if (type === 'script') sums.js += gz(body);
        else if (type === 'image' && aboveFold.has(res.url())) sums.imagesAboveFold += gz(body);
      }
      // Pages with a form: what the form costs once it starts (on the first tap into a field).
      const form = tab.locator('form.lead-form');
      if ((await form.count()) > 0) {
        const before = responses.length;
        await form.scrollIntoViewIfNeeded();
        await form.locator(':is(input, textarea):not([type=hidden])').first().focus();
        await tab.waitForSelector('form.lead-form[novalidate]');
        await tab.waitForLoadState('networkidle');
        sums.jsFormStarted = sums.js;
        for (const res of responses.slice(before)) {
          if (res.request().resourceType() !== 'script') continue;
          sums.jsFormStarted += await res.body().then(gz, () => 0);
        }
      }
      rows.push({ page: page.name, path: page.path, ...sums });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
