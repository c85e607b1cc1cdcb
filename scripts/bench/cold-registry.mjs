// Cold start the way workerd compiles it: the split Worker (dist/worker/) in a fresh workerd per
// run, under the new module registry (a module is compiled when first imported) and the default
// one (every module of the upload compiled at start), timed from the process's start to the whole
// body of its first answer, less the same time for an empty Worker (workerd's own start), against
// the floor (Hono + react-dom/server.edge rendering one line, one module) measured the same way.
// Runs are interleaved (every target once, then again), and each figure is the median of RUNS.
// Part of `npm run bench`; alone: `npm run bench:cold`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorker, readWranglerConfig, staticClosure } from '../worker-bundle.mjs';
import { instrumentedCopy, migratedDatabase, runtimeConfig, startSplitWorker } from '../workerd-modules.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Math.max(9, Number(process.env.BENCH_COLD_RUNS) || 9);
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
const EMPTY_SOURCE = `export default { fetch: () => new Response('') };\n`;

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};

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
async function coldAnswer({ dir, registry, config, persist, path: urlPath, cookie, expect }) {
  const started = performance.now();
  const worker = await startSplitWorker({ dir, registry, config, persist, vars: SECRETS });
  try {
    const res = await worker.mf.dispatchFetch(`${config.vars.SITE_ORIGIN}${urlPath}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200 || (expect && !expect(body)))
      throw new Error(`workerd ${urlPath}: HTTP ${res.status}, unexpected body`);
    return ms;
  } finally {
    await worker.stop();
  }
}

/** The modules (and how many KB) a fresh isolate evaluated for one first answer, under the new registry. */
async function modulesOf({ copy, config, persist, path: urlPath, cookie, meta }) {
  const worker = await startSplitWorker({ dir: copy.dir, entry: copy.entry, registry: 'new', config, persist, vars: SECRETS });
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
    const emptyDir = await oneModule(dir, 'empty', EMPTY_SOURCE);
    log('cold start in workerd: migrating the databases, signing in once, saving one owner edit');
    const plain = migratedDatabase();
    const signedIn = migratedDatabase();
    const cookie = await signedInCookie(signedIn, config);
    const edited = migratedDatabase();
    await withOwnerEdit(edited, config);
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
      { name: "first / rendered after an owner's edit", path: '/', persist: edited, expect: html },
      { name: 'first service page', path: '/services/drain-unblocking', persist: plain, expect: html },
      { name: 'first blog post', path: `/blog/${slug}`, persist: plain, expect: html },
      { name: 'first /contact', path: '/contact', persist: plain, expect: html },
      { name: 'first /admin (signed in)', path: '/admin/leads', persist: signedIn, cookie, expect: html },
    ];
    const targets = [
      ...pages.map((p) => ({ ...p, dir: path.join(root, 'dist/worker') })),
      { name: 'floor', path: '/', dir: floorDir, persist: null, expect: (b) => b.includes('Hello') },
      { name: 'empty', path: '/', dir: emptyDir, persist: null },
    ];
    const samples = new Map();
    log(`cold start in workerd: ${RUNS} fresh workerd per figure, ${targets.length} targets, ${REGISTRIES.length} registries`);
    for (let i = 0; i < RUNS; i++) {
      for (const registry of REGISTRIES) {
        for (const t of targets) {
          const key = `${registry}|${t.name}`;
          if (!samples.has(key)) samples.set(key, []);
          samples.get(key).push(await coldAnswer({ ...t, registry, config }));
        }
      }
    }
    const copy = instrumentedCopy();
    const compiled = [];
    try {
      for (const p of pages) compiled.push({ name: p.name, ...(await modulesOf({ ...p, copy, config, meta })) });
    } finally {
      copy.remove();
    }
    for (const d of [plain, signedIn, edited]) rmSync(d, { recursive: true, force: true });
    const figure = (registry, name) => median(samples.get(`${registry}|${name}`));
    const result = { date: new Date().toISOString(), runs: RUNS, registries: {} };
    for (const registry of REGISTRIES) {
      const empty = figure(registry, 'empty');
      const floor = figure(registry, 'floor') - empty;
      result.registries[registry] = {
        emptyMs: empty,
        floorMs: floor,
        pages: pages.map((p) => {
          const ms = figure(registry, p.name) - empty;
          return { name: p.name, ms, ratio: ms / floor };
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
  return {
    keptOk: kept.ratio <= 1.0,
    renderedOk: rendered.ratio <= 2.0,
    noAdminOk: publicPages.every((c) => c.admin === 0),
  };
}

export function registrySection(r) {
  const ok = (b) => (b ? '✅' : '❌');
  const t = registryTargets(r);
  const rows = r.registries.new.pages.map((p, i) => {
    const d = r.registries.default.pages[i];
    return `| ${p.name} | ${p.ms.toFixed(1)} ms (${p.ratio.toFixed(2)}×) | ${d.ms.toFixed(1)} ms (${d.ratio.toFixed(2)}×) |`;
  });
  const compiled = r.compiled.map(
    (c) =>
      `| ${c.name} | ${c.modules} | ${c.kb.toFixed(0)} KB | ${c.admin === 0 ? 'none' : `${c.admin} admin source files`} | ${c.entries.join(', ') || '(front door only)'} |`,
  );
  return `### Cold start in workerd, by module registry

Measured ${r.date}; each figure is the median of ${r.runs} fresh workerd processes (Miniflare, as \`wrangler dev\` runs it), runs interleaved across targets and registries, timed from the process's start to the whole body of the first answer, less the same time for an empty Worker (workerd's own start: ${r.registries.new.emptyMs.toFixed(0)} ms new, ${r.registries.default.emptyMs.toFixed(0)} ms default). The floor is Hono rendering \`<p>Hello</p>\` through \`react-dom/server.edge\`, one module, bundled and minified the same way: ${r.registries.new.floorMs.toFixed(1)} ms under the new registry, ${r.registries.default.floorMs.toFixed(1)} ms under the default. The upload: ${r.upload.modules} modules, ${r.upload.kb.toFixed(0)} KB minified; the front door and what it imports statically, ${r.upload.frontDoorKb.toFixed(0)} KB.

| First answer | new_module_registry (× floor) | default registry (× floor) |
|---|---|---|
${rows.join('\n')}

What each first answer compiled under the new registry (modules evaluated, read from an instrumented copy of the same build):

| First answer | Modules | KB | Admin code | Chunks besides the front door and shared chunks |
|---|---|---|---|---|
${compiled.join('\n')}

- ${ok(t.keptOk)} cold \`/\` from a kept copy ≤ 1.0× the floor: ${r.registries.new.pages[0].ratio.toFixed(2)}×
- ${ok(t.renderedOk)} cold \`/\` rendered (after an owner's edit) ≤ 2.0× the floor: ${r.registries.new.pages[1].ratio.toFixed(2)}×
- ${ok(t.noAdminOk)} no public page's first answer compiles an admin module
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(registrySection(await measureRegistries()));
}

/** The README's line. */
export function registrySummary(r) {
  const ok = (b) => (b ? '✅' : '❌');
  const t = registryTargets(r);
  const [kept, rendered] = r.registries.new.pages;
  return `- Cold start in workerd (new_module_registry, median of ${r.runs}, less workerd's own start): first \`/\` from a kept copy ${kept.ms.toFixed(1)} ms, ${kept.ratio.toFixed(2)}× the Hono + React floor ${ok(t.keptOk)} (≤ 1.0×); first \`/\` rendered ${rendered.ms.toFixed(1)} ms, ${rendered.ratio.toFixed(2)}× ${ok(t.renderedOk)} (≤ 2.0×); no admin module in a public first answer ${ok(t.noAdminOk)}; upload ${r.upload.modules} modules, ${r.upload.kb.toFixed(0)} KB, front door ${r.upload.frontDoorKb.toFixed(0)} KB.`;
}
