// `npm run bench`: one run that measures page weight, Lighthouse (the public pages, and the admin's
// signed in at 375 px), the admin inbox's warm render with 200 leads, server throughput against a
// static-file ceiling, the blog at scale, the map's cost and the Worker's cold start, then writes
// docs/benchmarks.md and the summary table in README.md. Everything runs on 127.0.0.1 against `wrangler dev`
// (the cold start, against fresh Node and workerd processes of its own).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startDevServer } from '../test/support/dev-server.ts';
import { measureLeadsRender } from './bench/admin-render.mjs';
import { measureRegistries } from './bench/cold-registry.mjs';
import { measureColdStart } from './bench/cold-start.mjs';
import { addLeads, BENCH_LEAD_COUNT } from './bench/leads.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { ADMIN_PAGE_TYPES, LEADS_RENDER, resolvePages } from './bench/pages.mjs';
import { addPhotoPost, BENCH_ADMIN_TOKEN, signInAsOwner } from './bench/photo-post.mjs';
import { measurePublishLatency } from './bench/publish-latency.mjs';
import { renderReport } from './bench/report.mjs';
import { compare, measureThroughput } from './bench/throughput.mjs';
import { measureWeights } from './bench/weights.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8830);
const origin = `http://127.0.0.1:${PORT}`;
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

// wrangler's dev server without the DevTools inspector; the same page with it follows at the end.
// Each start begins with a fresh database and bucket, so the post with a photo is written again.
const serve = async (inspector = false) => {
  const server = await startDevServer({
    name: 'bench',
    port: PORT,
    vars: { SITE_ORIGIN: origin, ADMIN_TOKEN: BENCH_ADMIN_TOKEN },
    inspector,
  });
  await addPhotoPost(origin);
  return server;
};

const results = { date: new Date().toISOString() };

// 0. Cold start first, while nothing else of this run competes for the two cores.
if (!skip.has('cold')) {
  log('cold start in workerd, by module registry (fresh workerd processes)');
  results.registries = await measureRegistries({ log });
  log('cold start in Node (fresh Node and workerd processes)');
  results.cold = await measureColdStart({ log });
}

// How long an owner's edit takes to be served, in this isolate and in another.
if (!skip.has('publish')) {
  log('from publishing an edit to the new text being served');
  results.publish = await measurePublishLatency({ log });
}

// 1. Copies of each page as static files: the same bytes, served without running the Worker.
const benchDir = path.join(root, 'dist/client/__bench');
let server = await serve();
const pages = await resolvePages(origin);
rmSync(benchDir, { recursive: true, force: true });
mkdirSync(benchDir, { recursive: true });
for (const [i, page] of pages.entries()) {
  const html = await (await fetch(`${origin}${page.path}`)).text();
  page.staticFile = `page-${i}.html`;
  page.htmlBytes = Buffer.byteLength(html);
  writeFileSync(path.join(benchDir, page.staticFile), html);
}
await server.stop();
server = await serve();
log(`server up at ${origin}; pages: ${pages.map((p) => p.path).join(' ')}`);

results.pages = pages;
try {
  if (!skip.has('weights')) {
    log('page weight in Chromium');
    results.weights = await measureWeights(origin, pages);
  }
  // The admin's rows need the owner signed in and the inbox full: 200 leads posted through the
  // real forms (scripts/bench/leads.mjs), after the weights, which do not look at the admin.
  const admin = !skip.has('lighthouse') || !skip.has('admin');
  const owner = admin ? await signInAsOwner(origin) : null;
  if (admin) {
    log(`${BENCH_LEAD_COUNT} leads through /api/contact and /api/quote, some moved on in the admin`);
    await addLeads(origin, owner);
  }
  if (!skip.has('admin')) {
    log(`warm render of ${LEADS_RENDER.path} with ${BENCH_LEAD_COUNT} leads`);
    results.leadsRender = await measureLeadsRender(origin, owner.cookie, BENCH_LEAD_COUNT);
  }
  if (!skip.has('lighthouse')) {
    log('Lighthouse (mobile, median of 3)');
    // The public pages, then the admin's pages (signed in, at 375 px).
    results.lighthouse = await measureLighthouse(
      origin,
      [...pages, ...ADMIN_PAGE_TYPES],
      Number(process.env.LIGHTHOUSE_RUNS ?? 3),
      {
        adminCookie: owner.cookie,
      },
    );
  }
  if (!skip.has('throughput')) {
    log('throughput with autocannon');
    results.throughput = await measureThroughput(origin, pages);
  }
} finally {
  await server.stop();
}
// Home again under the plain `wrangler dev` command, whose DevTools inspector relays every
// console call (the one request-log line) to wrangler's Node process.
if (!skip.has('throughput')) {
  server = await serve(true);
  try {
    log('throughput of Home under wrangler dev with its inspector');
    results.throughputInspector = await compare(origin, pages[0]);
  } finally {
    await server.stop();
  }
}
rmSync(benchDir, { recursive: true, force: true });

// 2. What the map costs, and when: nothing until the areas section nears the viewport.
const assets = path.join(root, 'dist/client/assets');
const gz = (file) => gzipSync(readFileSync(file), { level: 6 }).length;
const mapFiles = readdirSync(assets).filter((f) => /^(AreasMap|maplibre|region)-/i.test(f));
results.map = mapFiles.map((f) => ({ file: `/assets/${f}`, gzip: gz(path.join(assets, f)) }));

// 3. The blog at 10, 1,000 and 10,000 posts (its own server and database).
if (!skip.has('blog') && existsSync(path.join(root, 'scripts/bench-blog.mjs'))) {
  log('blog at scale');
  results.blog = execFileSync(process.execPath, [path.join(root, 'scripts/bench-blog.mjs')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const { markdown, summary } = renderReport(results);
/** Puts `text` between the file's markers (replaced by a function: a `$` in the text stays a `$`). */
function writeBetween(file, name, text) {
  const marker = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!marker.test(before)) return false;
  writeFileSync(
    file,
    before.replace(marker, () => `<!-- ${name}:start -->\n${text}\n<!-- ${name}:end -->`),
  );
  return true;
}

// docs/benchmarks.md: the measured part between its markers, the hand-written part after them kept.
const benchmarksPath = path.join(root, 'docs/benchmarks.md');
if (!writeBetween(benchmarksPath, 'report', markdown.trimEnd())) writeFileSync(benchmarksPath, markdown);
writeBetween(path.join(root, 'README.md'), 'bench', summary);
console.log(markdown);
log('done: docs/benchmarks.md and the README table written');
