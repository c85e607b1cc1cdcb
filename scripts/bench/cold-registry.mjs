// Cold start the way workerd compiles it: the split Worker (dist/worker/) in a fresh workerd per
// run, under the new module registry (a module is compiled when first imported) and the default
// one (every module of the upload compiled at start), timed from the process's start to the whole
// body of its first answer, less the same time for an empty Worker (workerd's own start), against
// the floor (Hono + react-dom/server.edge rendering one line, one module) measured the same way.
// Runs are interleaved (every target once, then again), and each figure is the median of RUNS.
// Part of `npm run bench`; alone: `npm run bench:cold`.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorker, readWranglerConfig, staticClosure, WORKER_DIR, WORKER_ENTRY } from '../worker-bundle.mjs';
import { instrumentedCopy, migratedDatabase, runtimeConfig, startSplitWorker } from '../workerd-modules.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// 15, not the issue's least of 9: workerd's own start varies by tens of milliseconds from one
// process to the next, as much as the floor itself, and the median of 9 moved the ratios by half.
const RUNS = Math.max(9, Number(process.env.BENCH_COLD_RUNS) || 15);
const TOKEN = 'bench-cold-token-0123456789';
const SECRETS = { ADMIN_TOKEN: TOKEN, FORM_SIGNING_SECRET: 'bench-cold-secret' };
export const REGISTRIES = ['new', 'default'];

const FLOOR_SOURCE = `import { Hono } from 'hono';
import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';

const app = new Hono();
app.get('*', async (c) =>
  c.body(await renderToReadableStream(createElement('p', null, 'Hello')), 200, { 'Content-Type': 'text/html; charset=utf-8' }),
);
export default { fetch: app.fetch };
`;
/**
 * The floor reading one D1 statement before it renders: what every page of the site must do at
 * least (read the content revision, src/site-content/revision.ts), so the share of the site's own
 * code shows apart from local D1's start.
 */
const FLOOR_D1_SOURCE = FLOOR_SOURCE.replace(
  "app.get('*', async (c) =>",
  "app.get('*', async (c) => (await c.env.DB.prepare('SELECT 1').first()) &&",
);
if (FLOOR_D1_SOURCE === FLOOR_SOURCE) throw new Error('bench: the D1 floor is the floor');
const EMPTY_SOURCE = `export default { fetch: () => new Response('') };\n`;
/** The empty Worker and one D1 statement: what local D1 (a Durable Object in the same workerd) costs a first answer. */
const D1_SOURCE = `export default { async fetch(_r, env) { await env.DB.prepare('SELECT 1').first(); return new Response(''); } };\n`;

/** The empty Worker and one Cache API match and put: what the local cache (a service inside the same workerd) costs. */
const CACHE_SOURCE = `export default { async fetch() { const c = await caches.open('pages'); await c.match('https://cache.invalid/a'); await c.put('https://cache.invalid/a', new Response('a', { headers: { 'Cache-Control': 'max-age=60' } })); return new Response(''); } };\n`;

/** The workerd process this Node process started last (Miniflare spawns it as a child). */
function workerdPid() {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const ours = pids.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[1]) === process.pid && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
    } catch {
      return false;
    }
  });
  return ours.map(Number).sort((a, b) => b - a)[0];
}

/**
 * CPU time (ms) a process's threads have run so far, from the scheduler's nanosecond counts
 * (Linux only; undefined elsewhere). Far less sensitive than wall time to other processes
 * sharing the machine, which delay a run without adding to its CPU time.
 */
function cpuMs(pid) {
  if (!pid) return undefined;
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return (
      tasks.reduce((sum, t) => sum + Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]), 0) / 1e6
    );
  } catch {
    return undefined;
  }
}

/** The q-quantile of a list (0.5: the median), interpolated between the two nearest samples. */
const quantile = (list, q) => {
  const s = [...list].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  return s[Math.floor(at)] + (s[Math.ceil(at)] - s[Math.floor(at)]) * (at - Math.floor(at));
};
const median = (list) => quantile(list, 0.5);

/** A one-module Worker bundled and minified the way the site is (the same options, the same renderer alias). */
async function oneModule(dir, name, source) {
  const from = path.join(dir, `${name}-src`);
  mkdirSync(from);
  symlinkSync(path.join(root, 'node_modules'), path.join(from, 'node_modules'));
  writeFileSync(path.join(from, 'entry.js'), source);
  const raw = await readWranglerConfig();
  const alias = Object.fromEntries(
    Object.entries(raw.alias ?? {}).map(([k, v]) => [k, v.startsWith('.') ? path.join(root, v) : v]),
  );
  writeFileSync(
    path.join(from, 'wrangler.json'),
    JSON.stringify({ name, main: 'entry.js', compatibility_date: raw.compatibility_date, minify: raw.minify, alias }),
  );
  const outdir = path.join(dir, name);
  await bundleWorker({ cwd: from, configPath: path.join(from, 'wrangler.json'), outdir, entry: 'entry.js' });
  return outdir;
}

/** What the owner's first edit leaves in D1: one content revision, so no page is answered from the deploy's copies. */
async function withOwnerEdit(persist, config) {
  const worker = await startSplitWorker({ registry: 'new', config, persist, inPlace: true });
  try {
    const db = await worker.mf.getD1Database('DB');
    const defaults = readFileSync(path.join(root, 'dist/client/__built/content-defaults.json'), 'utf8');
    await db
      .prepare('INSERT INTO content_revisions (created_at, author, summary, content) VALUES (?, ?, ?, ?)')
      .bind(Date.now(), 'Bench', 'Tagline', defaults)
      .run();
  } finally {
    await worker.stop();
  }
}

/**
 * What the owner's save leaves in D1 for every data centre (and in its own data centre's Cache
 * API): the save renders the new revision's pages after its answer (keepPagesOfRevision,
 * src/admin/site/save.ts; test/worker/site-content.test.ts shows it). Here one isolate renders `/`
 * of the saved revision and keeps it the same way, as the first render of a page no one kept does.
 */
async function keptBySave(persist, config) {
  const worker = await startSplitWorker({ registry: 'new', config, persist, inPlace: true, vars: SECRETS });
  try {
    const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}/`);
    await res.arrayBuffer();
    if (res.headers.get('x-page-cache') !== 'miss') throw new Error('bench: the edited / was not rendered');
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    await worker.stop();
  }
}

/** A session cookie whose row is in `persist`, made by signing in once with the token. */
async function signedInCookie(persist, config) {
  const worker = await startSplitWorker({ registry: 'new', config, persist, inPlace: true, vars: SECRETS });
  try {
    const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}/admin/login`, {
      method: 'POST',
      headers: { Origin: config.vars.SITE_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: TOKEN, remember: 'on' }).toString(),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    const cookie = /(__Host-[^=]+=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (res.status !== 303 || !cookie) throw new Error(`bench sign-in: HTTP ${res.status}, no session cookie`);
    return cookie;
  } finally {
    await worker.stop();
  }
}

/** Process start to the whole body of the first answer, in a fresh workerd. */
async function coldAnswer({ dir, registry, config, persist, path: urlPath, cookie, expect, tier }) {
  const started = performance.now();
  const worker = await startSplitWorker({ dir, registry, config, persist, vars: SECRETS });
  try {
    const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}${urlPath}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });
    const body = await res.text();
    const ms = performance.now() - started;
    const cpu = cpuMs(workerdPid());
    if (res.status !== 200 || (expect && !expect(body)))
      throw new Error(`workerd ${urlPath}: HTTP ${res.status}, unexpected body`);
    if (tier && res.headers.get('x-page-cache') !== tier)
      throw new Error(`workerd ${urlPath}: answered from ${res.headers.get('x-page-cache')}, not ${tier}`);
    return { ms, cpu };
  } finally {
    await worker.stop();
  }
}

/**
 * Where a cold rendered `/` spends workerd's CPU: in one fresh workerd, the same work taken one
 * step at a time, each step a request of its own, so each step's CPU (from /proc, between its
 * requests) is what it adds to those before it. An extra entry module beside the real one imports
 * the site's own modules (react-dom/server, the site app) as the front door would; the last two
 * steps go through the real front door. The steps' sum is about the rendered row's CPU; the last
 * step, a warm isolate's render of the same page, is for comparison.
 */
// `part`: one of the steps a cold rendered `/` is made of (their sum is reported as one request's).
const RENDERED_STEPS = [
  { step: '/__step/d1', part: true, name: "local D1's start (one statement)" },
  { step: '/__step/react-dom-server', part: true, name: 'compiling and evaluating react-dom/server (the floor does this too)' },
  { step: '/__step/site', part: true, name: "compiling and evaluating the rest of the site's code" },
  {
    step: '/__step/site/robots.txt',
    part: true,
    name: "the site's first request (its middleware, the content revision read, no page)",
  },
  { step: '/__step/site/privacy', part: true, name: 'the first page rendered (document, header, footer: /privacy)' },
  { step: '/', part: true, name: "Home's first render, through the front door (kept in the page cache)" },
  { step: '/?step=again', part: false, name: 'Home again, rendered in the now warm isolate (for comparison)' },
];
/** Every step request carries workerd's own cost of one request: measured last, and taken off the parts' sum. */
const EMPTY_STEP = {
  step: '/__step/none',
  part: false,
  name: "an empty request to the same isolate: workerd's own cost of one request, which every step above carries",
};

async function renderedSteps({ config, persist }) {
  const copy = mkdtempSync(path.join(tmpdir(), 'worker-steps-'));
  try {
    const files = readdirSync(WORKER_DIR).filter((f) => f.endsWith('.mjs'));
    for (const f of files) cpSync(path.join(WORKER_DIR, f), path.join(copy, f));
    const site = files.find((f) => f.startsWith('app-') && readFileSync(path.join(copy, f), 'utf8').includes('siteApp'));
    const rds = files.find((f) => f.startsWith('react-dom-server-'));
    if (!site || !rds) throw new Error('bench: the site app or react-dom/server module is not in dist/worker');
    writeFileSync(
      path.join(copy, '__steps.mjs'),
      `import worker from './${WORKER_ENTRY}';
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const step = url.pathname;
    if (step === '/__step/none') return new Response('');
    if (step === '/__step/d1') await env.DB.prepare('SELECT 1').first();
    else if (step === '/__step/react-dom-server') await import('./${rds}');
    else if (step === '/__step/site') await import('./${site}');
    else if (step.startsWith('/__step/site/'))
      return (await import('./${site}')).siteApp.fetch(new Request(url.origin + step.slice('/__step/site'.length)), env, ctx);
    else return worker.fetch(request, env, ctx);
    return new Response('');
  },
};
`,
    );
    const steps = [...RENDERED_STEPS, EMPTY_STEP];
    const cpu = steps.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      const worker = await startSplitWorker({ dir: copy, entry: '__steps.mjs', registry: 'new', config, persist, vars: SECRETS });
      try {
        const pid = workerdPid();
        for (const [n, { step }] of steps.entries()) {
          const before = cpuMs(pid);
          const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}${step}`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`bench step ${step}: HTTP ${res.status}`);
          const after = cpuMs(pid);
          if (before !== undefined && after !== undefined) cpu[n].push(after - before);
        }
      } finally {
        await worker.stop();
      }
    }
    return steps.map((s, n) => ({ ...s, cpuMs: cpu[n].length ? median(cpu[n]) : undefined }));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The modules (and how many KB) a fresh isolate evaluated for one first answer, under the new registry. */
async function modulesOf({ copy, config, persist, path: urlPath, cookie, meta }) {
  const worker = await startSplitWorker({
    dir: copy.dir,
    entry: copy.entry,
    registry: 'new',
    config,
    persist,
    vars: SECRETS,
  });
  try {
    const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}${urlPath}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });
    await res.arrayBuffer();
    const files = JSON.parse(res.headers.get('x-modules') ?? '[]');
    const outputs = files.map((f) => meta.outputs[`dist/worker/${f}`]);
    const sources = outputs.flatMap((o) => Object.keys(o?.inputs ?? {}));
    return {
      modules: files.length,
      kb: outputs.reduce((sum, o) => sum + (o?.bytes ?? 0), 0) / 1024,
      admin: sources.filter((s) => s.startsWith('src/admin/')).length,
      entries: files.filter((f) => f !== 'index.mjs' && !f.startsWith('chunk-')).map((f) => f.replace(/-[A-Z0-9]{8}\.mjs$/, '')),
    };
  } finally {
    await worker.stop();
  }
}

export async function measureRegistries({ log = console.error } = {}) {
  const config = await runtimeConfig();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-registry-'));
  try {
    const meta = JSON.parse(readFileSync(path.join(root, 'dist/worker.meta.json'), 'utf8'));
    const floorDir = await oneModule(dir, 'floor', FLOOR_SOURCE);
    const floorD1Dir = await oneModule(dir, 'floor-d1', FLOOR_D1_SOURCE);
    const emptyDir = await oneModule(dir, 'empty', EMPTY_SOURCE);
    const d1Dir = await oneModule(dir, 'd1', D1_SOURCE);
    const cacheDir = await oneModule(dir, 'cache', CACHE_SOURCE);
    log('cold start in workerd: migrating the databases, signing in once, saving one owner edit');
    const plain = migratedDatabase();
    const signedIn = migratedDatabase();
    const cookie = await signedInCookie(signedIn, config);
    const edited = migratedDatabase();
    await withOwnerEdit(edited, config);
    const editedKept = migratedDatabase();
    await withOwnerEdit(editedKept, config);
    await keptBySave(editedKept, config);
    const blogHtml = await (async () => {
      const w = await startSplitWorker({ registry: 'new', config, persist: plain, vars: SECRETS });
      try {
        return await (await w.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}/blog`)).text();
      } finally {
        await w.stop();
      }
    })();
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blogHtml)?.[1];
    if (!slug) throw new Error('no blog post found on /blog');
    const html = (body) => body.includes('</html>');
    const pages = [
      { name: 'first / from a kept copy', path: '/', persist: plain, expect: html },
      { name: "first / rendered after an owner's edit", path: '/', persist: edited, expect: html, tier: 'miss' },
      {
        name: "first / after an owner's edit, kept by the save (any data centre)",
        path: '/',
        persist: editedKept,
        expect: html,
        tier: 'kept',
      },
      { name: 'first service page', path: '/services/drain-unblocking', persist: plain, expect: html },
      { name: 'first blog post', path: `/blog/${slug}`, persist: plain, expect: html },
      { name: 'first /contact', path: '/contact', persist: plain, expect: html },
      { name: 'first /admin (signed in)', path: '/admin/leads', persist: signedIn, cookie, expect: html },
    ];
    const targets = [
      ...pages.map((p) => ({ ...p, dir: path.join(root, 'dist/worker') })),
      { name: 'floor', path: '/', dir: floorDir, persist: null, expect: (b) => b.includes('Hello') },
      { name: 'floor, reading D1 once', path: '/', dir: floorD1Dir, persist: plain, expect: (b) => b.includes('Hello') },
      { name: 'empty', path: '/', dir: emptyDir, persist: null },
      { name: 'one D1 statement', path: '/', dir: d1Dir, persist: plain },
      { name: 'one Cache API match and put', path: '/', dir: cacheDir, persist: null },
    ];
    const samples = new Map();
    log(`cold start in workerd: ${RUNS} fresh workerd per figure, ${targets.length} targets, ${REGISTRIES.length} registries`);
    for (let i = 0; i < RUNS; i++) {
      for (const registry of REGISTRIES) {
        for (const t of targets) {
          const key = `${registry}|${t.name}`;
          if (!samples.has(key)) samples.set(key, { ms: [], cpu: [] });
          const { ms, cpu } = await coldAnswer({ ...t, registry, config });
          samples.get(key).ms.push(ms);
          if (cpu !== undefined) samples.get(key).cpu.push(cpu);
        }
      }
    }
    log('cold start in workerd: a cold rendered / taken one step at a time');
    const steps = await renderedSteps({ config, persist: edited });
    const copy = instrumentedCopy();
    const compiled = [];
    try {
      for (const p of pages) compiled.push({ name: p.name, ...(await modulesOf({ ...p, copy, config, meta })) });
    } finally {
      copy.remove();
    }
    for (const d of [plain, signedIn, edited, editedKept]) rmSync(d, { recursive: true, force: true });
    const figure = (registry, name, kind = 'ms') => median(samples.get(`${registry}|${name}`)[kind]);
    // How noisy: the middle half of the runs (25th to 75th percentile), less the empty Worker's median.
    const spread = (registry, name, empty) => [0.25, 0.75].map((q) => quantile(samples.get(`${registry}|${name}`).ms, q) - empty);
    const hasCpu = samples.get('new|empty').cpu.length === RUNS;
    const result = { date: new Date().toISOString(), runs: RUNS, registries: {} };
    for (const registry of REGISTRIES) {
      const empty = figure(registry, 'empty');
      const floor = figure(registry, 'floor') - empty;
      // The same figures in workerd's CPU time, less the empty Worker's.
      const emptyCpu = hasCpu ? figure(registry, 'empty', 'cpu') : undefined;
      const cpuOf = (name) => (hasCpu ? figure(registry, name, 'cpu') - emptyCpu : undefined);
      // The least of the runs: interference from other processes only ever adds CPU time (caches, migrations).
      const leastOf = (name) => Math.min(...samples.get(`${registry}|${name}`).cpu);
      const cpuLeastOf = (name) => (hasCpu ? leastOf(name) - leastOf('empty') : undefined);
      const floorCpu = cpuOf('floor');
      const floorCpuLeast = cpuLeastOf('floor');
      result.registries[registry] = {
        emptyMs: empty,
        floorMs: floor,
        floorSpread: spread(registry, 'floor', empty),
        floorCpuMs: floorCpu,
        floorCpuLeastMs: floorCpuLeast,
        floorD1: {
          ms: figure(registry, 'floor, reading D1 once') - empty,
          spread: spread(registry, 'floor, reading D1 once', empty),
          cpuMs: cpuOf('floor, reading D1 once'),
        },
        d1: { ms: figure(registry, 'one D1 statement') - empty, cpuMs: cpuOf('one D1 statement') },
        cache: { ms: figure(registry, 'one Cache API match and put') - empty, cpuMs: cpuOf('one Cache API match and put') },
        pages: pages.map((p) => {
          const ms = figure(registry, p.name) - empty;
          const cpuMs = cpuOf(p.name);
          const cpuLeastMs = cpuLeastOf(p.name);
          return {
            name: p.name,
            ms,
            ratio: ms / floor,
            spread: spread(registry, p.name, empty),
            cpuMs,
            cpuRatio: cpuMs === undefined ? undefined : cpuMs / floorCpu,
            cpuLeastMs,
            cpuLeastRatio: cpuLeastMs === undefined ? undefined : cpuLeastMs / floorCpuLeast,
          };
        }),
      };
    }
    const entry = 'dist/worker/index.mjs';
    const upload = Object.entries(meta.outputs).filter(([f]) => f.endsWith('.mjs'));
    result.upload = {
      modules: upload.length,
      kb: upload.reduce((s, [, o]) => s + o.bytes, 0) / 1024,
      frontDoorKb: [...staticClosure(meta, entry)].reduce((s, f) => s + meta.outputs[f].bytes, 0) / 1024,
    };
    result.compiled = compiled;
    result.renderedSteps = steps;
    // What the floor compiles, for the table of what each first answer compiled.
    const floorMeta = JSON.parse(readFileSync(`${floorDir}.meta.json`, 'utf8'));
    result.floorKb =
      Object.entries(floorMeta.outputs)
        .filter(([f]) => f.endsWith('.mjs'))
        .reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The targets of issue 38, read off the figures. */
export function registryTargets(r) {
  const n = r.registries.new;
  const kept = n.pages[0];
  const rendered = n.pages[1];
  const publicPages = r.compiled.filter((c) => !c.name.includes('/admin'));
  // A floor or a page at or below workerd's own start is noise, not a figure: no target is met by it.
  const within = (page, most) => (n.floorMs > 0 && page.ms > 0 ? page.ratio <= most : undefined);
  return {
    keptOk: within(kept, 1.0),
    renderedOk: within(rendered, 2.0),
    noAdminOk: publicPages.every((c) => c.admin === 0),
  };
}

/** The third row: a cold `/` after an edit, from the copy the save kept. */
const savedKept = (r) => {
  const p = r.registries.new.pages[2];
  return `${p.ms.toFixed(1)} ms, ${p.ratio.toFixed(2)}× the floor (workerd CPU ${cpuRatio(p)})`;
};

/**
 * The rendered `/` taken one step at a time, and what the first seven add up to as one request
 * would make them: their sum, less the six empty requests' cost that one request does not carry.
 */
function stepRows(r) {
  const steps = r.renderedSteps ?? [];
  const ms = (x) => (x === undefined ? 'n/a' : `${x.toFixed(1)} ms`);
  const parts = steps.filter((s) => s.part).map((s) => s.cpuMs);
  const empty = steps.find((s) => s.step === EMPTY_STEP.step)?.cpuMs;
  const sum =
    empty !== undefined && parts.every((x) => x !== undefined)
      ? parts.reduce((a, b) => a + b, 0) - (parts.length - 1) * empty
      : undefined;
  return [
    ...steps.map((s) => `| ${s.name} | ${ms(s.cpuMs)} |`),
    `| the first ${parts.length} as one request (their sum less ${parts.length - 1} empty requests) | ${ms(sum)} |`,
    `| beside: the rendered row's CPU, and the floor's | ${ms(r.registries.new.pages[1].cpuMs)}, ${ms(r.registries.new.floorCpuMs)} |`,
  ].join('\n');
}

/** A page's wall and CPU figures as multiples of another baseline's. */
const against = (p, base) =>
  `${(p.ms / base.ms).toFixed(2)}×, CPU ${p.cpuMs === undefined || base.cpuMs === undefined ? 'n/a' : `${(p.cpuMs / base.cpuMs).toFixed(2)}×`}`;

const cpuRatio = (p) => (p.cpuRatio === undefined ? 'n/a' : `${p.cpuRatio.toFixed(2)}×`);

export function registrySection(r) {
  const ok = (b) =>
    b === undefined ? "⚠️ not measurable on this run (wall time at or below workerd's own start)" : b ? '✅' : '❌';
  const t = registryTargets(r);
  const range = ([a, b]) => `${a.toFixed(0)}–${b.toFixed(0)}`;
  const cpu = (p) => (p.cpuMs === undefined ? 'n/a' : `${p.cpuMs.toFixed(1)} ms (${p.cpuRatio.toFixed(2)}×)`);
  const least = (p) => (p.cpuLeastMs === undefined ? 'n/a' : `${p.cpuLeastMs.toFixed(1)} ms (${p.cpuLeastRatio.toFixed(2)}×)`);
  const rows = r.registries.new.pages.map((p, i) => {
    const d = r.registries.default.pages[i];
    return `| ${p.name} | ${p.ms.toFixed(1)} ms (${p.ratio.toFixed(2)}×) | ${range(p.spread)} ms | ${cpu(p)} | ${least(p)} | ${d.ms.toFixed(1)} ms (${d.ratio.toFixed(2)}×) | ${cpu(d)} |`;
  });
  const n = r.registries.new;
  const dflt = r.registries.default;
  const ms = (x) => (x === undefined ? 'n/a' : `${x.toFixed(1)} ms`);
  const floorRow = `| the floor | ${n.floorMs.toFixed(1)} ms | ${range(n.floorSpread)} ms | ${ms(n.floorCpuMs)} | ${ms(n.floorCpuLeastMs)} | ${dflt.floorMs.toFixed(1)} ms | ${ms(dflt.floorCpuMs)} |`;
  const floorD1Row = `| the floor, reading one D1 statement before it renders | ${n.floorD1.ms.toFixed(1)} ms | ${range(n.floorD1.spread)} ms | ${ms(n.floorD1.cpuMs)} | | ${dflt.floorD1.ms.toFixed(1)} ms | ${ms(dflt.floorD1.cpuMs)} |`;
  const d1Row = `| an empty Worker's one D1 statement (local D1's own start) | ${n.d1.ms.toFixed(1)} ms | | ${ms(n.d1.cpuMs)} | | ${dflt.d1.ms.toFixed(1)} ms | ${ms(dflt.d1.cpuMs)} |`;
  const cacheRow = `| an empty Worker's one Cache API match and put (the local cache's own start) | ${n.cache.ms.toFixed(1)} ms | | ${ms(n.cache.cpuMs)} | | ${dflt.cache.ms.toFixed(1)} ms | ${ms(dflt.cache.cpuMs)} |`;
  const compiled = r.compiled.map(
    (c) =>
      `| ${c.name} | ${c.modules} | ${c.kb.toFixed(0)} KB (${(c.kb / r.floorKb).toFixed(2)}× the floor) | ${c.admin === 0 ? 'none' : `${c.admin} admin source files`} | ${c.entries.join(', ') || '(front door only)'} |`,
  );
  return `### Cold start in workerd, by module registry

Measured ${r.date}; each figure is the median of ${r.runs} fresh workerd processes (Miniflare, as \`wrangler dev\` runs it), runs interleaved across targets and registries, timed from the process's start to the whole body of the first answer, less the same time for an empty Worker (workerd's own start: ${r.registries.new.emptyMs.toFixed(0)} ms new, ${r.registries.default.emptyMs.toFixed(0)} ms default). The floor is Hono rendering \`<p>Hello</p>\` through \`react-dom/server.edge\`, one module, bundled and minified the same way: ${r.registries.new.floorMs.toFixed(1)} ms under the new registry, ${r.registries.default.floorMs.toFixed(1)} ms under the default. The upload: ${r.upload.modules} modules, ${r.upload.kb.toFixed(0)} KB minified; the front door and what it imports statically, ${r.upload.frontDoorKb.toFixed(0)} KB.

| First answer | new_module_registry, wall (× floor) | its middle half of the runs | new, workerd CPU (× floor) | new, least CPU of the runs (× floor's least) | default registry, wall (× floor) | default, workerd CPU (× floor) |
|---|---|---|---|---|---|---|
${rows.join('\n')}
${floorRow}
${floorD1Row}
${d1Row}
${cacheRow}

Wall time is the issue's measure; workerd's CPU time (its threads' scheduler counts, from \`/proc\`, less the empty Worker's) is the same run's figure that other processes on the machine barely move. Both count local D1, a Durable Object in the same workerd, whose first statement starts it (the last row but one; a blog page's first Cache API use starts the local cache the same way, the last row): the floor touches neither, every page of the site reads the content revision. So the floor is measured a second time with one \`SELECT 1\` through the same D1 binding before it renders: the site's kept and rendered \`/\` against that floor is the share of the site's own code.

What each first answer compiled under the new registry (modules evaluated, read from an instrumented copy of the same build; the floor is one module of ${r.floorKb.toFixed(0)} KB):

| First answer | Modules | KB | Admin code | Chunks besides the front door and shared chunks |
|---|---|---|---|---|
${compiled.join('\n')}

Where a cold rendered \`/\` (after an owner's edit) spends workerd's CPU, one step at a time in one fresh workerd under the new registry (each step a request of its own; median of ${r.runs} processes; each figure is what the step adds to those before it):

| Step | workerd CPU |
|---|---|
${stepRows(r)}

- ${ok(t.keptOk)} cold \`/\` from a kept copy ≤ 1.0× the floor: ${r.registries.new.pages[0].ratio.toFixed(2)}× (workerd CPU: ${cpuRatio(r.registries.new.pages[0])}; local D1's first statement alone is ${(n.d1.ms / n.floorMs).toFixed(2)}× the floor; against the floor that reads D1 once, as every page must, ${against(r.registries.new.pages[0], n.floorD1)})
- ${ok(t.renderedOk)} cold \`/\` rendered (after an owner's edit) ≤ 2.0× the floor: ${r.registries.new.pages[1].ratio.toFixed(2)}× (workerd CPU: ${cpuRatio(r.registries.new.pages[1])}; local D1's first statement alone is ${(n.d1.ms / n.floorMs).toFixed(2)}× the floor; against the floor that reads D1 once, ${against(r.registries.new.pages[1], n.floorD1)})
- ${ok(t.noAdminOk)} no public page's first answer compiles an admin module

After an owner's edit, visitors no longer meet the rendered case, in any data centre: the save renders the new revision's pages after its answer and keeps them in D1 (src/admin/site/save.ts, src/cache/kept-pages.ts), and a cold isolate anywhere reads \`/\` with the revision, in the one D1 statement every page makes: ${savedKept(r)}. The rendered row is now the first visitor of a page no one has kept for this deploy and revision: after a deploy of an edited site, until the cron (every five minutes) keeps the pages this deploy is missing, or after a save that could not keep its pages. That render keeps its page for everyone after.
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(registrySection(await measureRegistries()));
}

/** The README's line. */
export function registrySummary(r) {
  const ok = (b) => (b === undefined ? '⚠️ (not measurable on this run)' : b ? '✅' : '❌');
  const t = registryTargets(r);
  const [kept, rendered] = r.registries.new.pages;
  return `- Cold start in workerd (new_module_registry, median of ${r.runs}, less workerd's own start): first \`/\` from a kept copy ${kept.ms.toFixed(1)} ms, ${kept.ratio.toFixed(2)}× the Hono + React floor ${ok(t.keptOk)} (≤ 1.0×; in workerd CPU ${cpuRatio(kept)}; against the floor that reads D1 once, as every page must, ${against(kept, r.registries.new.floorD1)}); first \`/\` rendered ${rendered.ms.toFixed(1)} ms, ${rendered.ratio.toFixed(2)}× ${ok(t.renderedOk)} (≤ 2.0×; CPU ${cpuRatio(rendered)}; against the D1-reading floor ${against(rendered, r.registries.new.floorD1)}); first \`/\` after an edit, kept by the save for every data centre, ${savedKept(r)}; no admin module in a public first answer ${ok(t.noAdminOk)}; upload ${r.upload.modules} modules, ${r.upload.kb.toFixed(0)} KB, front door ${r.upload.frontDoorKb.toFixed(0)} KB.`;
}
