// `node scripts/bench/lighthouse-editor.mjs`: Lighthouse on the admin's post editor alone (signed
// in, 375 px), the row `npm run bench` adds to its Lighthouse table, without running the whole
// bench. Its own dev server on BENCH_PORT (default 8830) with a fresh database.
import { startDevServer } from '../../test/support/dev-server.ts';
import { measureLighthouse } from './lighthouse.mjs';
import { ADMIN_LIGHTHOUSE_TARGET, ADMIN_PAGE_TYPES } from './pages.mjs';
import { BENCH_ADMIN_TOKEN, signInAsOwner } from './photo-post.mjs';

const port = Number(process.env.BENCH_PORT ?? 8830);
const origin = `http://127.0.0.1:${port}`;
const server = await startDevServer({
  name: `bench-editor-${port}`,
  port,
  vars: { SITE_ORIGIN: origin, ADMIN_TOKEN: BENCH_ADMIN_TOKEN },
  inspector: false,
});
try {
  const { cookie } = await signInAsOwner(origin);
  const rows = await measureLighthouse(origin, ADMIN_PAGE_TYPES, Number(process.env.LIGHTHOUSE_RUNS ?? 3), {
    adminCookie: cookie,
  });
  for (const r of rows) {
    if (r.finalPath !== ADMIN_PAGE_TYPES.find((p) => p.name === r.page)?.path)
      throw new Error(`not signed in: ended at ${r.finalPath}`);
    const pass = [r.performance, r.accessibility, r.bestPractices].every((score) => score >= ADMIN_LIGHTHOUSE_TARGET);
    console.log(JSON.stringify(r));
    console.log(
      `${r.page}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo} (noindex) ${pass ? 'PASS' : 'FAIL'} (target ≥ ${ADMIN_LIGHTHOUSE_TARGET})`,
    );
  }
} finally {
  await server.stop();
}
