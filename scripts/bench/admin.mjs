// `node scripts/bench/admin.mjs`: the admin rows of `npm run bench` alone, without the rest of the
// bench: 200 leads posted as scripts/bench/leads.mjs does, the inbox's warm server render, then
// Lighthouse on every ADMIN_PAGE_TYPES page (signed in, 375 px). Its own dev server on BENCH_PORT
// (default 8830) with a fresh database. Exits 1 when a target is missed.
import { startDevServer } from '../../test/support/dev-server.ts';
import { measureLeadsRender } from './admin-render.mjs';
import { addLeads, BENCH_LEAD_COUNT } from './leads.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { ADMIN_LIGHTHOUSE_TARGET, ADMIN_PAGE_TYPES, adminLighthousePass } from './pages.mjs';
import { BENCH_ADMIN_TOKEN, signInAsOwner } from './photo-post.mjs';

const port = Number(process.env.BENCH_PORT ?? 8830);
const origin = `http://127.0.0.1:${port}`;
const started = Date.now();
const log = (msg) => console.log(`[bench admin ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
const server = await startDevServer({
  name: `bench-admin-${port}`,
  port,
  vars: { SITE_ORIGIN: origin, ADMIN_TOKEN: BENCH_ADMIN_TOKEN },
  inspector: false,
});
let failed = false;
try {
  const owner = await signInAsOwner(origin);
  log(`posting ${BENCH_LEAD_COUNT} leads`);
  const statuses = await addLeads(origin, owner);
  log(`leads by status: ${JSON.stringify(statuses)}`);
  const render = await measureLeadsRender(origin, owner.cookie, BENCH_LEAD_COUNT);
  failed ||= !render.pass;
  console.log(JSON.stringify(render));
  console.log(
    `${render.path} with ${render.leads} leads, warm render: median ${render.medianMs.toFixed(1)} ms (${render.minMs.toFixed(1)}–${render.maxMs.toFixed(1)}, p90 ${render.p90Ms.toFixed(1)}) over ${render.runs} requests after ${render.warmup} ${render.pass ? 'PASS' : 'FAIL'} (target ≤ ${render.targetMs} ms)`,
  );
  log('Lighthouse (signed in, 375 px)');
  const rows = await measureLighthouse(origin, ADMIN_PAGE_TYPES, Number(process.env.LIGHTHOUSE_RUNS ?? 3), {
    adminCookie: owner.cookie,
  });
  for (const r of rows) {
    const pass = adminLighthousePass(r);
    failed ||= !pass;
    console.log(JSON.stringify(r));
    console.log(
      `${r.page}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo} (noindex) ${pass ? 'PASS' : 'FAIL'} (target ≥ ${ADMIN_LIGHTHOUSE_TARGET})`,
    );
  }
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
