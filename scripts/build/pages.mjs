// The deployable Worker and the pages built with it (built-pages in the page cache): bundles the
// Worker into dist/worker/ (what `npm run deploy` uploads), runs that bundle in this Node 22
// process (the V8 of workerd) with the variables of wrangler.jsonc, asks it for each page in
// builtKeysOf(publicCaching), and writes what its page cache keeps (what it would put in the data centre's
// Cache API, caught here by a stand-in) into dist/client/__built/, with every variable the
// request read.
//
// A page that needs a binding (the database, a file) fails the build: such a page cannot be made
// ahead of the request, so it must not be in the list. Secrets (.dev.vars.example) are absent, as
// they are from the files; only per-request work reads them (signing a form's token), and the
// tests compare every built page with what the Worker keeps after rendering it with its secrets.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleWorker, readWranglerConfig, WORKER_DIR } from '../worker-bundle.mjs';

/** What the Worker may touch while building a page: the tiers' own bindings, which it reads anyway. */
// DB: read only for the content revision; the build's stand-in has no revision, so the pages are
// built from the defaults in code (revision 0) and served only while no edit has been saved.
const TIER_BINDINGS = new Set(['ASSETS', 'CF_VERSION_METADATA', 'DB']);
/** The page cache's own settings, which it reads for every kept page: they decide where a page is kept, not what it says. */
const TIER_VARS = new Set(['BUILT_PAGES', 'KEEP_ON_SAVE']);
const distClient = path.resolve(import.meta.dirname, '../../dist/client');

/** A D1 with no content revision in it. */
const noRevisions = {
  prepare: () => ({ bind: () => ({ first: async () => null }) }),
};

/** A stand-in for the Workers Cache API that keeps what the page cache puts in it. */
function recordingCaches() {
  const stored = new Map();
  const cache = {
    match: async () => undefined,
    put: async (url, res) => {
      stored.set(typeof url === 'string' ? url : url.url, res);
    },
    delete: async () => false,
  };
  return { caches: { open: async () => cache, default: cache }, stored };
}

/** The secrets' names, from the example file that lists them. */
function secretNames(root) {
  const text = readFileSync(path.join(root, '.dev.vars.example'), 'utf8');
  return new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

/** The Worker's own code for the built pages' list and file, and for reading what the page cache keeps. */
async function importPageCacheCode(root) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['scripts/build/page-cache-entry.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** An env that records every name read: variables have their values, nothing else is there. */
function recordingEnv(vars) {
  const read = new Set();
  const target = {
    ...vars,
    BUILT_PAGES: 'off',
    // The asset server: the files written so far (the default content among them).
    ASSETS: {
      fetch: async (request) => {
        try {
          return new Response(readFileSync(path.join(distClient, new URL(request.url).pathname)));
        } catch {
          return new Response('Not found', { status: 404 });
        }
      },
    },
    CF_VERSION_METADATA: { id: 'build', tag: '', timestamp: '' },
    DB: noRevisions,
  };
  const env = new Proxy(target, {
    get(object, name) {
      if (typeof name === 'string') read.add(name);
      return object[name];
    },
  });
  return { env, read };
}

export async function writeBuiltPages(root) {
  const vars = { ...(await readWranglerConfig(path.join(root, 'wrangler.jsonc'))).vars };
  const {
    builtKeysOf,
    publicCaching,
    builtPageFile,
    builtPagePath,
    storedPageOf,
    defaultContent,
    defaultLineWording,
    DEFAULT_CONTENT_PATH,
    LINE_WORDING_PATH,
    nextUkYearStart,
  } = await importPageCacheCode(root);

  const BUILT_PAGE_KEYS = builtKeysOf(publicCaching);
  const started = performance.now();
  {
    const { bundle, meta } = await bundleWorker({ outdir: WORKER_DIR });
    const { default: worker } = await import(pathToFileURL(bundle).href);

    const target = path.join(root, 'dist/client', path.dirname(builtPagePath('/')));
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    // The first content revision, as data the Worker reads when no edit has been saved.
    writeFileSync(path.join(root, 'dist/client', DEFAULT_CONTENT_PATH), JSON.stringify(defaultContent()));
    // Its texts that say "24/7", with their wording for a line that keeps opening hours.
    writeFileSync(path.join(root, 'dist/client', LINE_WORDING_PATH), JSON.stringify(defaultLineWording()));
    const secrets = secretNames(root);
    const { caches, stored } = recordingCaches();
    const hadCaches = Object.getOwnPropertyDescriptor(globalThis, 'caches');
    Object.defineProperty(globalThis, 'caches', { value: caches, configurable: true, writable: true });
    // The Worker's request-log lines are not this build's output.
    const info = console.info;
    console.info = () => {};
    let bytes = 0;
    try {
      for (const key of BUILT_PAGE_KEYS) {
        const { env, read } = recordingEnv(vars);
        const background = [];
        const ctx = { waitUntil: (p) => background.push(p), passThroughOnException() {}, props: {} };
        stored.clear();
        const res = await worker.fetch(new Request(`${vars.SITE_ORIGIN}${key}`), env, ctx);
        await res.arrayBuffer();
        await Promise.all(background);
        const kept = [...stored].find(([url]) => url.endsWith(`/static${key}`))?.[1];
        if (res.status !== 200 || res.headers.get('x-page-cache') !== 'miss' || !kept) {
          throw new Error(
            `${key}: HTTP ${res.status}, page cache ${res.headers.get('x-page-cache')}: not a page the cache keeps`,
          );
        }
        const { headers, template, body } = await storedPageOf(kept);
        const used = {};
        for (const name of [...read].sort()) {
          if (TIER_BINDINGS.has(name) || TIER_VARS.has(name) || secrets.has(name)) continue;
          if (typeof vars[name] === 'string') used[name] = vars[name];
          // A binding: absent here, so a page that reads one cannot be built ahead.
          else if (/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`${key} read ${name}, which a build does not have`);
        }
        // Right until the New Year: the footer shows the year the page was made in.
        const until = nextUkYearStart(Date.now());
        const file = builtPageFile({ key, headers, template, vars: used, until }, new Uint8Array(body));
        writeFileSync(path.join(root, 'dist/client', builtPagePath(key)), file);
        bytes += file.length;
      }
    } finally {
      console.info = info;
      if (hadCaches) Object.defineProperty(globalThis, 'caches', hadCaches);
      else delete globalThis.caches;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const modules = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.mjs'));
    const workerKb = Math.round(modules.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024);
    console.log(
      `build: dist/worker/ (${modules.length} modules, ${workerKb} KB) and ${BUILT_PAGE_KEYS.length} pages built with it (${Math.round(bytes / 1024)} KB) in ${seconds} s`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeBuiltPages(path.resolve(import.meta.dirname, '../..'));
}
