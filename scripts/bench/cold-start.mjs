// Cold start: what a new isolate pays before and during its first response, for the deployable
// bundle and for a floor Worker (Hono + react-dom/server.edge rendering one line), both bundled
// the way `npm run build` bundles a deploy (scripts/worker-bundle.mjs). Part of `npm run bench`;
// alone: `npm run bench:cold`.
//
// Evaluation, first `/` and first service page run in fresh Node 22 processes (the V8 of
// workerd; the bundle needs nothing Node lacks). /blog needs a real local D1, so its first
// response is timed in a fresh workerd (Miniflare) per run. Warm render CPU runs in Node with
// the page cache bypassed. BENCH_COLD_RUNS sets the fresh processes per figure (at least 5).
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { bundleWorker, readWranglerConfig, staticClosure } from '../worker-bundle.mjs';
import { startSplitWorker } from '../workerd-modules.mjs';
import { PAGE_TYPES } from './pages.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const wranglerJs = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const probe = path.join(import.meta.dirname, 'cold-probe.mjs');
const RUNS = Math.max(5, Number(process.env.BENCH_COLD_RUNS) || 9);
const SERVICE_PAGE = '/services/drain-unblocking';
/** A form page: its answer is filled for each request (a fresh token, the visitor's attribution). */
const FORM_PAGE = '/contact';
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' };
const run = promisify(execFile);

/** Modules a server render never needs; a match also in the floor is one server.edge requires. */
const BROWSER_ONLY = [
  { name: 'react-dom/client (react-dom-client.production.js)', test: /^react-dom\/cjs\/react-dom-client\./ },
  { name: 'react-dom (react-dom.production.js)', test: /^react-dom\/cjs\/react-dom\.production\.js$/ },
  { name: '@radix-ui/react-toast and the @radix-ui modules it brings', test: /^@radix-ui\// },
  { name: 'maplibre-gl', test: /^maplibre-gl\// },
  {
    name: "the islands' browser-only code under client/",
    test: /^client\/((main|lazy|toast)\.ts|forms\/toaster\.ts|islands\/(Toaster\.tsx|registry\.ts))$/,
  },
];

/**
 * Server code that is in the bundle but evaluated only on the path that needs it (a dynamic
 * import, which esbuild keeps uninitialised until it runs): listed with its size, not counted
 * as browser-only. V8 still scans its text when the script loads.
 */
const LAZY = [
  { name: 'the hosted libSQL client (only when LIBSQL_URL is set)', test: /^@libsql\// },
  { name: "the owner's admin (only on /admin paths)", test: /^src\/admin\// },
  { name: 'the Markdown renderer and HTML sanitiser (from the first blog post shown)', test: /^(marked|xss|cssfilter)\// },
];

const FLOOR_SOURCE = `import { Hono } from 'hono';
import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';

const app = new Hono();
const hello = async (c) =>
  c.body(await renderToReadableStream(createElement('p', null, 'Hello')), 200, { 'Content-Type': 'text/html; charset=utf-8' });
// The site's /blog reads D1, so the floor's does a trivial query through the same binding.
app.get('/blog', async (c) => {
  await c.env.DB.prepare('SELECT 1').first();
  return hello(c);
});
app.get('*', hello);
export default { fetch: app.fetch };
`;

/** Fresh processes for the warm render figures (each renders every page 200 times). */
const WARM_PROCESSES = Math.max(3, Number(process.env.BENCH_WARM_PROCESSES) || 5);

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};
const summary = (list) => ({ median: median(list), min: Math.min(...list), max: Math.max(...list) });

/** One page's warm render over several processes: the median of their medians, and their spread. */
function acrossProcesses(runs) {
  const cpu = runs.map((run) => run.cpuMs);
  const hits = runs.map((run) => run.hitCpuMs).filter((hit) => hit !== undefined);
  return {
    path: runs[0].path,
    renders: runs[0].renders,
    processes: runs.length,
    cpuMs: median(cpu),
    cpuRange: [Math.min(...cpu), Math.max(...cpu)],
    wallMs: median(runs.map((run) => run.wallMs)),
    hitCpuMs: hits.length > 0 ? median(hits) : undefined,
  };
}
/** Metafile paths are relative to wrangler's cwd and go through the node_modules symlink. */
const moduleName = (p) => p.replace(/^(?:.*?\/)?node_modules\//, '');

/**
 * Bundles like `npm run build` does for a deploy (split modules, scripts/worker-bundle.mjs) and
 * reads, from esbuild's metafile, the bytes each source module left in the minified output.
 */
async function build(label, cwd, configPath, dir, minified, entry) {
  const outdir = path.join(dir, `${label}-out`);
  const { bundle, meta } = await bundleWorker({ cwd, configPath, outdir, entry });
  const files = Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs'));
  const code = Buffer.concat(files.map((f) => readFileSync(path.resolve(cwd, f))));
  const bytes = new Map();
  for (const f of files) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[f].inputs)) {
      bytes.set(moduleName(input), (bytes.get(moduleName(input)) ?? 0) + bytesInOutput);
    }
  }
  const modules = [...bytes].map(([p, b]) => ({ path: p, bytes: b })).sort((a, b) => b.bytes - a.bytes);
  // What a cold isolate evaluates when it loads: the entry module and what it imports
  // statically. The rest is in modules of their own, imported on first need.
  const entryFile = files.find((f) => meta.outputs[f].entryPoint);
  const startupInputs = [...staticClosure(meta, entryFile)].flatMap((f) => Object.entries(meta.outputs[f].inputs));
  return {
    bundle,
    bytes: code.length,
    gzip: gzipSync(code).length,
    files: files.length,
    minified,
    modules,
    startup: { modules: startupInputs.length, bytes: startupInputs.reduce((sum, [, i]) => sum + i.bytesInOutput, 0) },
  };
}

/** The project's settings that shape the bundle and the runtime, read the way wrangler reads them. */
async function readProjectConfig() {
  const rawConfig = await readWranglerConfig();
  return {
    raw: rawConfig,
    compatibilityDate: rawConfig.compatibility_date,
    compatibilityFlags: rawConfig.compatibility_flags ?? [],
    vars: { ...rawConfig.vars },
    databaseId: rawConfig.d1_databases.find((d) => d.binding === 'DB').database_id,
  };
}

function writeFloor(dir, config) {
  const floorDir = path.join(dir, 'floor');
  mkdirSync(floorDir);
  symlinkSync(path.join(root, 'node_modules'), path.join(floorDir, 'node_modules'));
  writeFileSync(path.join(floorDir, 'floor.js'), FLOOR_SOURCE);
  // Only what shapes the bundle or the runtime is copied from wrangler.jsonc.
  const copied = ['compatibility_date', 'compatibility_flags', 'minify', 'keep_names', 'alias', 'define'];
  // Aliases point at files of this project: the floor gets the same files (the same single renderer).
  const alias = config.raw.alias
    ? Object.fromEntries(
        Object.entries(config.raw.alias).map(([from, to]) => [from, to.startsWith('.') ? path.join(root, to) : to]),
      )
    : undefined;
  const floorConfig = {
    name: 'cold-start-floor',
    main: 'floor.js',
    ...Object.fromEntries(copied.filter((k) => config.raw[k] !== undefined).map((k) => [k, config.raw[k]])),
    ...(alias ? { alias } : {}),
    d1_databases: [{ binding: 'DB', database_name: 'floor', database_id: config.databaseId }],
  };
  const configPath = path.join(floorDir, 'wrangler.json');
  writeFileSync(configPath, JSON.stringify(floorConfig, null, 2));
  return { floorDir, configPath };
}

/** Time from ready to the whole body of the first /blog in a fresh workerd (the project's registry). */
async function firstBlogInWorkerd({ dir, config, persist, expect }) {
  const registry = config.compatibilityFlags.includes('new_module_registry') ? 'new' : 'default';
  const { mf, startMs, stop } = await startSplitWorker({ dir, registry, config, persist });
  try {
    const sent = performance.now();
    const res = await mf.dispatchFetch(`${config.vars.SITE_ORIGIN}/blog`);
    const body = await res.text();
    const firstMs = performance.now() - sent;
    if (res.status !== 200 || !expect(body)) throw new Error(`workerd /blog: HTTP ${res.status}, unexpected body`);
    return { firstMs, startMs };
  } finally {
    await stop();
  }
}

async function probeRun(args, settings) {
  const flags = args[0] === 'compile' ? ['--experimental-vm-modules', '--no-warnings'] : [];
  const { stdout } = await run(process.execPath, [...flags, probe, ...args], {
    cwd: root,
    env: { ...process.env, COLD_PROBE: JSON.stringify(settings) },
    timeout: 180_000,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

export async function measureColdStart({ log = console.error } = {}) {
  const config = await readProjectConfig();
  const minified = config.raw.minify === true;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cold-'));
  try {
    log('cold start: bundling the site and the floor as npm run build bundles a deploy');
    const site = await build('site', root, path.join(root, 'wrangler.jsonc'), dir, minified, 'src/index.ts');
    const { floorDir, configPath } = writeFloor(dir, config);
    const floor = await build('floor', floorDir, configPath, dir, minified, 'floor.js');
    const persist = path.join(dir, 'd1');
    const migrate = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist];
    execFileSync(process.execPath, [wranglerJs, ...migrate], { cwd: root, env: quietEnv, stdio: 'pipe' });

    const targets = { site, floor };
    const samples = { site: {}, floor: {} };
    const add = (name, key, value) => {
      samples[name][key] ??= [];
      samples[name][key].push(value);
    };
    const settings = { vars: config.vars };
    log(`cold start: ${RUNS} fresh Node processes per figure (evaluate, first /, ${SERVICE_PAGE} and ${FORM_PAGE})`);
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so a busy moment on the machine lands on both bundles alike.
      for (const [name, t] of Object.entries(targets)) {
        const home = await probeRun(['first', t.bundle, '/'], settings);
        add(name, 'evaluateMs', home.evaluateMs);
        add(name, 'firstHomeMs', home.firstMs);
        add(name, 'firstServiceMs', (await probeRun(['first', t.bundle, SERVICE_PAGE], settings)).firstMs);
        add(name, 'firstFormMs', (await probeRun(['first', t.bundle, FORM_PAGE], settings)).firstMs);
        add(name, 'compileMs', (await probeRun(['compile', t.bundle], settings)).compileMs);
      }
    }
    log(`cold start: ${RUNS} fresh workerd instances per bundle for the first /blog (local D1)`);
    const expect = { site: (html) => /href="\/blog\/[a-z0-9-]+"/.test(html), floor: (html) => html.includes('Hello') };
    for (let i = 0; i < RUNS; i++) {
      for (const [name, t] of Object.entries(targets)) {
        const r = await firstBlogInWorkerd({ dir: path.dirname(t.bundle), config, persist, expect: expect[name] });
        add(name, 'firstBlogMs', r.firstMs);
        add(name, 'workerdStartMs', r.startMs);
      }
    }
    log(`cold start: warm render CPU, 200 renders per page in each of ${WARM_PROCESSES} fresh processes`);
    // The cold-start databases are only migrated: the post the bench writes through the admin is not there.
    const pagePaths = PAGE_TYPES.filter((p) => p.path && !p.writtenByBench).map((p) => p.path);
    // One process's median moves by up to 2x from one process to the next on a shared machine (the
    // same build, minutes apart): the figure is the median over several processes, site and floor interleaved.
    const siteRuns = [];
    const floorRuns = [];
    for (let i = 0; i < WARM_PROCESSES; i++) {
      siteRuns.push(await probeRun(['warm', site.bundle, ...pagePaths], { ...settings, d1: { config, persist } }));
      floorRuns.push((await probeRun(['warm', floor.bundle, '/'], { ...settings, pageCache: false }))[0]);
    }
    const warm = siteRuns[0].map((_, i) => acrossProcesses(siteRuns.map((run) => run[i])));
    const floorWarm = acrossProcesses(floorRuns);

    const floorModules = new Set(floor.modules.map((m) => m.path));
    const browserOnly = BROWSER_ONLY.map(({ name, test }) => {
      const found = site.modules.filter((m) => test.test(m.path));
      return {
        name,
        modules: found,
        bytes: found.reduce((s, m) => s + m.bytes, 0),
        inFloor: found.some((m) => floorModules.has(m.path)),
      };
    }).filter((g) => g.modules.length > 0);
    const lazy = LAZY.map(({ name, test }) => {
      const found = site.modules.filter((m) => test.test(m.path));
      return { name, modules: found.length, bytes: found.reduce((sum, m) => sum + m.bytes, 0) };
    }).filter((g) => g.modules > 0);
    const figures = (name) => Object.fromEntries(Object.entries(samples[name]).map(([k, list]) => [k, summary(list)]));
    const strip = ({ bundle, modules, ...rest }) => ({ ...rest, modules: modules.length });
    return {
      date: new Date().toISOString(),
      runs: RUNS,
      node: process.version,
      site: { ...strip(site), ...figures('site') },
      floor: { ...strip(floor), ...figures('floor') },
      largest: site.modules.slice(0, 10),
      browserOnly,
      lazy,
      warm: warm.map((w) => ({ ...w, page: PAGE_TYPES.find((p) => p.path === w.path)?.name ?? 'Blog post' })),
      floorWarm,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (Number(process.versions.node.split('.')[0]) < 22) {
    console.error(`bench:cold needs Node 22 (this is ${process.version}): run it as npm run bench:cold`);
    process.exit(1);
  }
  // The bundle embeds src/generated/manifest.ts and wrangler reads dist/client: build them fresh.
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  const { coldStartSection } = await import('./report.mjs');
  const { measureRegistries, registrySection } = await import('./cold-registry.mjs');
  console.log(registrySection(await measureRegistries()));
  console.log(coldStartSection(await measureColdStart()));
}
