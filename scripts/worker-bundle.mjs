// The Worker as it is deployed, served by `wrangler dev` and run by the browser tests: several
// ES modules in dist/worker/, split where the code is already imported on first need.
//
// Why several modules: workerd compiles a module when it is first imported under the
// `new_module_registry` compatibility flag (wrangler.jsonc), so a cold isolate answering `/` from
// a kept page compiles the front door alone, a rendered public page compiles the site without the
// admin, and the admin, the blog renderer, the libSQL driver, the job e-mails and the passkey
// ceremonies are compiled only by the requests that use them. Under the default registry the
// same modules still work (every one is compiled at start, as one module was): slower, never
// broken. docs/decisions/033-the-worker-as-split-modules-compiled-on-first-import.md has the figures.
//
// esbuild with `splitting`: every dynamic `import()` in src/ becomes a chunk of its own, and code
// two chunks share becomes a shared chunk that both import. The options are wrangler's own for a
// deploy (target, conditions, loaders, the NODE_ENV define) plus wrangler.jsonc's `define` and
// `alias`, which this build reads from the config, so nothing is written twice. Files end in
// `.mjs`, which wrangler's default module rules upload as ES modules with `--no-bundle`.
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Where `npm run build` writes the deployable Worker, and what `npm run deploy` uploads. */
export const WORKER_DIR = path.join(root, 'dist/worker');
/** The entry module in WORKER_DIR: wrangler.jsonc's `main`. */
export const WORKER_ENTRY = 'index.mjs';

/** A wrangler config file as wrangler itself reads it. */
export async function readWranglerConfig(configPath = path.join(root, 'wrangler.jsonc')) {
  const { experimental_readRawConfig } = await import('wrangler');
  return experimental_readRawConfig({ config: configPath }).rawConfig;
}

/** wrangler.jsonc's `alias`, resolved from the project root as wrangler resolves it. */
const aliasPlugin = (alias, cwd) => ({
  name: 'alias',
  setup(b) {
    const names = Object.keys(alias ?? {});
    if (names.length === 0) return;
    const require = createRequire(path.join(cwd, 'package.json'));
    const filter = new RegExp(`^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: require.resolve(alias[args.path], { paths: [cwd] }) }));
  },
});

/**
 * Bundles the Worker of `configPath` into outdir as split ES modules (index.mjs and its chunks,
 * each with a source map; esbuild's metafile beside it as <outdir>.meta.json), and returns the entry's path (ready for Node to `import()`) and
 * esbuild's metafile (every module, the chunk it went to, and each chunk's static and dynamic
 * imports: the bench and the tests read which chunks a request needs from it).
 */
export async function bundleWorker({
  cwd = root,
  configPath = path.join(root, 'wrangler.jsonc'),
  outdir = WORKER_DIR,
  entry = 'src/index.ts',
  minify,
}) {
  const config = await readWranglerConfig(configPath);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: cwd,
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    // Named after the module that starts each chunk, so a stack trace, the bench and the tests
    // can tell the admin's chunk from the site's.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    // wrangler's own choices for a Worker (its COMMON_ESBUILD_OPTIONS and build conditions).
    target: 'es2024',
    supported: { 'import-source': true, using: true },
    conditions: ['workerd', 'worker', 'browser'],
    platform: 'browser',
    loader: { '.js': 'jsx', '.mjs': 'jsx', '.cjs': 'jsx' },
    external: ['cloudflare:*'],
    define: {
      'process.env.NODE_ENV': '"production"',
      'global.process.env.NODE_ENV': '"production"',
      'globalThis.process.env.NODE_ENV': '"production"',
      ...(config.define ?? {}),
    },
    plugins: [aliasPlugin(config.alias, cwd)],
    keepNames: config.keep_names === true,
    minify: minify ?? config.minify === true,
    legalComments: 'eof',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // Beside the folder, not in it: wrangler uploads what is in it.
  writeFileSync(`${outdir}.meta.json`, JSON.stringify(result.metafile));
  return { bundle: path.join(outdir, WORKER_ENTRY), meta: result.metafile, minify: minify ?? config.minify === true };
}

/** The chunk files (relative to outdir) that importing `file` compiles at once: itself and its static imports. */
export function staticClosure(meta, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of meta.outputs[file]?.imports ?? []) {
    if (imp.kind === 'import-statement') staticClosure(meta, imp.path, seen);
  }
  return seen;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const { meta } = await bundleWorker({});
  const files = Object.entries(meta.outputs).filter(([f]) => f.endsWith('.mjs'));
  const kb = files.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
  console.log(`worker: ${files.length} modules, ${Math.round(kb)} KB in ${path.relative(root, WORKER_DIR)}/`);
}
