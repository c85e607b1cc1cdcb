// Lighthouse with Debian Chromium, mobile defaults (simulated throttling), median of N runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from './pages.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function measureLighthouse(baseUrl, pages, runs = 3) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(`${baseUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        results.push(lhr);
      }
      // The median run by performance score; its metrics are reported together.
      const byPerf = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const mid = byPerf[Math.floor(byPerf.length / 2)];
      const score = (key) => Math.round(median(results.map((r) => r.categories[key].score ?? 0)) * 100);
      const failing = Object.values(mid.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      rows.push({
        page: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(mid.audits['largest-contentful-paint'].numericValue),
        fcpMs: Math.round(mid.audits['first-contentful-paint'].numericValue),
        tbtMs: Math.round(mid.audits['total-blocking-time'].numericValue),
        cls: Number(mid.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        failing,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
