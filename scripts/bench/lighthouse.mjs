// Lighthouse with Debian Chromium, mobile defaults (simulated throttling), median of N runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, PHONE_375 } from './pages.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * `adminCookie` signs in the admin pages (a page with `admin: true`): sent as a header on every
 * request of that page, which are measured at 375 px wide.
 */
export async function measureLighthouse(baseUrl, pages, runs = 3, { adminCookie } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const page of pages) {
      const results = [];
      // A run Lighthouse itself could not record (lhr.runtimeError, e.g. NO_NAVSTART: seen now and
      // then on the admin pages) has no scores or metrics: it is run again, not counted as zeros.
      for (let attempt = 1; results.length < runs; attempt++) {
        if (attempt > runs + 3) throw new Error(`bench: Lighthouse could not record ${page.path} ${runs} times`);
        const { lhr } = await lighthouse(`${baseUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(page.admin ? { extraHeaders: { Cookie: adminCookie }, screenEmulation: PHONE_375 } : {}),
        });
        if (lhr.runtimeError) {
          console.warn(`[lighthouse] ${page.path}: ${lhr.runtimeError.code}, running it again`);
          continue;
        }
        // Signed in means Lighthouse stayed on the page asked for (not the sign-in page or a prompt).
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (page.admin && landed !== page.path) throw new Error(`bench: ${page.path} not signed in: ended at ${landed}`);
        results.push(lhr);
      }
      // Every score and every metric is its own median over the runs.
      const score = (key) => Math.round(median(results.map((r) => r.categories[key].score ?? 0)) * 100);
      const values = (id) => results.map((r) => r.audits[id].numericValue);
      const metric = (id) => median(values(id));
      // Binary audits that failed in any run (a flaky failure is still a failure).
      const failing = [
        ...new Set(
          results.flatMap((r) =>
            Object.values(r.audits)
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
              .map((a) => a.id),
          ),
        ),
      ];
      rows.push({
        page: page.name,
        admin: Boolean(page.admin),
        // Where Lighthouse ended up: an admin page whose cookie failed would be the sign-in page.
        finalPath: new URL(results[0].finalDisplayedUrl).pathname,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        fcpMs: Math.round(metric('first-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        lcpRangeMs: [Math.min, Math.max].map((pick) => Math.round(pick(...values('largest-contentful-paint')))),
        failing,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
