// The split Worker (dist/worker/, scripts/worker-bundle.mjs) in a fresh workerd, through the
// Miniflare that wrangler itself runs, under either module registry. Used by the cold-start bench
// (how long a first answer takes) and by test/unit/worker-modules.test.ts (which modules it needed).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { distAssets, loadMiniflare } from './bench/cold-workerd.mjs';
import { readWranglerConfig, WORKER_DIR, WORKER_ENTRY } from './worker-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const wranglerJs = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
export const NEW_REGISTRY = 'new_module_registry';
/** The instrumented entry: the real one, plus the list of modules evaluated so far on every answer. */
const PROBE = '__probe.mjs';

/** A local D1 folder with every migration applied (copied for each workerd, so no run sees another's writes). */
export function migratedDatabase() {
  const persist = mkdtempSync(path.join(tmpdir(), 'workerd-d1-'));
  execFileSync(process.execPath, [wranglerJs, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  return persist;
}

/** wrangler.jsonc as the runtime needs it: the date, the flags, the variables and the database id. */
export async function runtimeConfig() {
  const raw = await readWranglerConfig();
  return {
    compatibilityDate: raw.compatibility_date,
    compatibilityFlags: raw.compatibility_flags ?? [],
    vars: { ...raw.vars },
    databaseId: raw.d1_databases.find((d) => d.binding === 'DB').database_id,
  };
}

/**
 * A copy of a split build where every module, when evaluated, adds its file name to a list, and
 * an entry that answers as the real one does with that list in the `x-modules` header.
 */
export function instrumentedCopy(dir = WORKER_DIR) {
  const copy = mkdtempSync(path.join(tmpdir(), 'worker-modules-'));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    // Import declarations are hoisted, so a statement before them is still a valid module, and it
    // runs when this module is evaluated, after the modules it imports.
    const mark = `(globalThis.__modules ??= []).push(${JSON.stringify(file)});\n`;
    writeFileSync(path.join(copy, file), mark + readFileSync(path.join(dir, file), 'utf8'));
  }
  writeFileSync(
    path.join(copy, PROBE),
    `import worker from './${WORKER_ENTRY}';
export default {
  ...worker,
  async fetch(request, env, ctx) {
    const res = await worker.fetch(request, env, ctx);
    const body = await res.arrayBuffer();
    const headers = new Headers(res.headers);
    headers.set('x-modules', JSON.stringify(globalThis.__modules ?? []));
    return new Response(body, { status: res.status, headers });
  },
};
`,
  );
  return { dir: copy, entry: PROBE, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

/**
 * A fresh workerd running the split build in `dir` (all its .mjs files uploaded as modules, as
 * `wrangler deploy --no-bundle` uploads them), under the new module registry or the default one.
 * `persist`: a migrated D1 folder (copied, so every instance starts from the same data).
 */
export async function startSplitWorker({
  dir = WORKER_DIR,
  entry = WORKER_ENTRY,
  registry,
  config,
  persist,
  vars = {},
  inPlace = false,
  /** Further bindings, in Miniflare's words (the scale bench's R2 bucket). */
  bindings = {},
}) {
  const { Miniflare, convertV4MiniflareOptions } = await loadMiniflare();
  // inPlace: writes go to `persist` itself (to prepare a database that later runs copy).
  const own = inPlace ? path.join(persist, 'v3') : mkdtempSync(path.join(tmpdir(), 'workerd-run-'));
  if (persist && !inPlace) cpSync(path.join(persist, 'v3/d1'), path.join(own, 'd1'), { recursive: true });
  const files = [entry, ...readdirSync(dir).filter((f) => f.endsWith('.mjs') && f !== entry)];
  const flags = config.compatibilityFlags.filter((f) => f !== NEW_REGISTRY);
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: files.map((f) => ({ type: 'ESModule', path: path.join(dir, f) })),
      modulesRoot: dir,
      compatibilityDate: config.compatibilityDate,
      compatibilityFlags: registry === 'new' ? [...flags, NEW_REGISTRY] : flags,
      bindings: { ...config.vars, ...vars },
      d1Databases: { DB: config.databaseId },
      serviceBindings: { ASSETS: distAssets },
      ...bindings,
      resourcePersistencePath: own,
      host: '127.0.0.1',
      port: 0,
      // A start must not depend on the network: otherwise Miniflare first looks for Request.cf's
      // data, fetching it from Cloudflare where no copy is cached, and offline that fails after a
      // delay that varies from one start to the next.
      cf: false,
      handleStructuredLogs: ({ level, message }) => {
        if (level === 'error' || level === 'warn') console.error(message);
      },
    }),
  );
  try {
    await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    if (!inPlace) rmSync(own, { recursive: true, force: true });
    throw error;
  }
  return {
    mf,
    startMs: performance.now() - started,
    stop: async () => {
      await mf.dispose();
      if (!inPlace) rmSync(own, { recursive: true, force: true });
    },
  };
}
