// One fresh Node 22 process (the V8 workerd runs) that loads a Worker bundle, started by
// scripts/bench/cold-start.mjs. A new process is the only way to get a truly cold isolate.
//
//   first <bundle> <path>      evaluation time, then the time to the whole body of one request
//   compile <bundle>           V8's compile of every module beside the entry, without evaluating them
//                              (needs --experimental-vm-modules)
//   warm <bundle> <path>...    CPU per render, median of RENDERS, the page cache bypassed
//
// Settings arrive as JSON in COLD_PROBE ({ vars, d1?: { config, persist } }); the result is one
// JSON line on stdout.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const RENDERS = 200;
const WARMUP = 60;

const [mode, bundle, ...paths] = process.argv.slice(2);
const settings = JSON.parse(process.env.COLD_PROBE ?? '{}');
const origin = settings.vars.SITE_ORIGIN;
const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};
const print = (result) => process.stdout.write(`${JSON.stringify(result)}\n`);

// The one request-log line per request goes to Workers Logs in production, off the request
// path; here it would be a synchronous write to a pipe on every render.
console.info = () => {};
console.log = () => {};

/**
 * No database in this probe, but for the one statement every request's front door makes (which
 * content revision is current: src/site-content/revision.ts), answered as a fresh database answers.
 */
const notHere = {
  prepare(sql) {
    if (!sql.includes('FROM content_revisions')) throw new Error('this page read the database in a probe that has none');
    return { bind: () => ({ first: async () => null }) };
  },
};
/**
 * The asset server, as the Worker's ASSETS binding reaches it: the files of dist/client (the
 * pages built with the deploy are there). In production this is a subrequest to the asset
 * server in the same data centre.
 */
const assetsDir = path.resolve(import.meta.dirname, '../../dist/client');
const assets = {
  async fetch(request) {
    const file = path.join(assetsDir, decodeURIComponent(new URL(request.url).pathname));
    if (!file.startsWith(`${assetsDir}${path.sep}`)) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file));
    } catch {
      return new Response('Not found', { status: 404 });
    }
  },
};
const env = {
  ...settings.vars,
  ASSETS: assets,
  CF_VERSION_METADATA: { id: 'bench', tag: '', timestamp: '' },
  DB: notHere,
};
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };

async function get(worker, urlPath) {
  const res = await worker.fetch(new Request(`${origin}${urlPath}`), env, ctx);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${urlPath}: HTTP ${res.status}`);
  return { res, body };
}

/**
 * What workerd has built in, Node 22 loads from JavaScript on first use (WebCrypto, fetch's
 * Request/Response and body streams, TextEncoder/Decoder, URL): tens of milliseconds that a
 * Worker never pays. Both the site and the floor touch them before the clock starts, so the
 * figures are the Worker's own evaluation and first render. The file read warms the stand-in
 * asset server's own Node code.
 */
async function loadNodeBuiltIns() {
  await crypto.subtle.digest('SHA-1', new Uint8Array(1));
  await new Response(new Request('https://example.com/', { method: 'POST', body: 'x' }).body).arrayBuffer();
  new TextDecoder().decode(new TextEncoder().encode('x'));
  void new URL('https://example.com/?a=1').searchParams.get('a');
  await readFile(import.meta.filename);
}

if (mode === 'first') {
  await loadNodeBuiltIns();
  const started = performance.now();
  const { default: worker } = await import(pathToFileURL(bundle).href);
  const evaluated = performance.now();
  const { body } = await get(worker, paths[0]);
  print({ evaluateMs: evaluated - started, firstMs: performance.now() - evaluated, bytes: body.length });
} else if (mode === 'compile') {
  const { SourceTextModule } = await import('node:vm');
  // Every module of the upload, as workerd's default registry compiles them at start.
  const { readdir } = await import('node:fs/promises');
  const dir = path.dirname(bundle);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.mjs'));
  const codes = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const started = performance.now();
  codes.forEach((code, i) => void new SourceTextModule(code, { identifier: files[i] }));
  print({ compileMs: performance.now() - started });
} else if (mode === 'warm') {
  let stopD1 = async () => {};
  const results = [];
  // Until workerd is stopped, or it would outlive this process.
  try {
    if (settings.d1) {
      const { rememberingD1, startWorkerd } = await import('./cold-workerd.mjs');
      // An empty Worker that only holds the binding; the bundle itself runs here, in Node.
      const script = 'export default { fetch: () => new Response(null, { status: 404 }) }';
      const host = await startWorkerd({ script, ...settings.d1 });
      stopD1 = host.stop;
      env.DB = rememberingD1(await host.mf.getD1Database('DB'));
    }
    const { default: worker } = await import(pathToFileURL(bundle).href);
    const wanted = [...paths];
    // The newest post, as the other benchmarks choose it (scripts/bench/pages.mjs).
    if (settings.d1) {
      const slug = (await get(worker, '/blog')).body.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
      if (!slug) throw new Error('/blog lists no post: is the local D1 migrated?');
      wanted.push(`/blog/${slug}`);
    }
    let n = 0;
    // Every page rendered WARMUP times before any is measured: V8 is still optimising React's
    // renderer over the first few hundred renders, which would land on whichever page came first.
    for (const urlPath of wanted) {
      for (let i = 0; i < WARMUP; i++) await get(worker, `${urlPath}${urlPath.includes('?') ? '&' : '?'}bench=${++n}`);
    }
    for (const urlPath of wanted) {
      const cpu = [];
      const wall = [];
      for (let i = -WARMUP; i < RENDERS; i++) {
        // Not a query the page cache keeps (cacheableQuery), so every request renders.
        const url = `${urlPath}${urlPath.includes('?') ? '&' : '?'}bench=${++n}`;
        const cpuStart = process.cpuUsage();
        const wallStart = performance.now();
        const { res, body } = await get(worker, url);
        const used = process.cpuUsage(cpuStart);
        const wallMs = performance.now() - wallStart;
        if (i < 0) continue;
        if (res.headers.has('x-page-cache')) throw new Error(`${url} was answered by the page cache`);
        // A failed read still renders /blog, empty and with status 200.
        if (urlPath === '/blog' && !body.includes('href="/blog/')) throw new Error(`${url} listed no post`);
        cpu.push((used.user + used.system) / 1000);
        wall.push(wallMs);
      }
      // The same page from the page cache (the first request keeps it): what most requests cost.
      const hitCpu = [];
      for (let i = -WARMUP; settings.pageCache !== false && i < RENDERS; i++) {
        const cpuStart = process.cpuUsage();
        const { res } = await get(worker, urlPath);
        const used = process.cpuUsage(cpuStart);
        if (i < 0) continue;
        if (!res.headers.has('x-page-cache')) throw new Error(`${urlPath} was not kept by the page cache`);
        hitCpu.push((used.user + used.system) / 1000);
      }
      results.push({
        path: urlPath,
        cpuMs: median(cpu),
        wallMs: median(wall),
        hitCpuMs: hitCpu.length ? median(hitCpu) : null,
        renders: RENDERS,
      });
    }
  } finally {
    await stopD1();
  }
  print(results);
} else {
  throw new Error(`unknown mode ${mode}`);
}
