// The Worker as it is deployed: `npm run build` writes it to dist/worker/, `npm run deploy`
// uploads that file (`wrangler deploy dist/worker/index.js --no-bundle`), the build renders the
// pages built with the deploy from it, and the cold-start benchmark measures it.
//
// Two passes, because of how V8 compiles a module. wrangler's esbuild, when it minifies, writes
// each module's lazy initialiser as an arrow function passed to a call (`p(()=>{...})`), and V8
// fully compiles an arrow function at a module's top level when it compiles the script, whether
// or not it ever runs. Those initialisers hold nearly all of the Worker's code, so a cold isolate
// compiled all of it. Unminified, esbuild writes them as object methods (`p({"src/x.ts"(){...}})`),
// which V8 only pre-parses until they are called. So: (1) `wrangler deploy --dry-run
// --no-minify` bundles the Worker exactly as wrangler would (aliases, defines, conditions); (2)
// if wrangler.jsonc says `"minify": true`, esbuild minifies that one file, which keeps the methods
// as methods, and carries wrangler's source map through, so production stack traces still name
// our files and lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const wranglerJs = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** Where `npm run build` writes the deployable Worker, and what `npm run deploy` uploads. */
export const WORKER_DIR = path.join(root, 'dist/worker');

/**
 * The second pass's esbuild options: the deploy's build and the benchmark's re-minify (for its
 * bytes per module) both use them, and the benchmark checks that the two outputs agree.
 */
export const secondPass = (minify) => ({ format: 'esm', minify, legalComments: 'eof' });

/** The text of a bundle without its closing `//# sourceMappingURL=` comment. */
export const withoutMapComment = (code) => code.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');

/** A wrangler config file as wrangler itself reads it. */
export async function readWranglerConfig(configPath = path.join(root, 'wrangler.jsonc')) {
  const { experimental_readRawConfig } = await import('wrangler');
  return experimental_readRawConfig({ config: configPath }).rawConfig;
}

/**
 * Bundles the Worker of `configPath` into outdir (index.js and index.js.map), with wrangler's
 * esbuild metafile (of the unminified pass: the modules and their static imports) at `metafile`.
 * Returns the bundle's path (ready for Node to `import()`), the metafile, its entry's output, and
 * wrangler's unminified bundle (for the benchmark's bytes per module).
 */
export async function bundleWorker({ cwd = root, configPath = path.join(root, 'wrangler.jsonc'), outdir, metafile }) {
  const config = await readWranglerConfig(configPath);
  const unminified = mkdtempSync(path.join(tmpdir(), 'worker-bundle-'));
  let first;
  try {
    const args = ['deploy', '--dry-run', '--config', configPath, '--outdir', unminified, '--metafile', metafile, '--no-minify'];
    execFileSync(process.execPath, [wranglerJs, ...args], {
      cwd,
      // WORKER_BUNDLE_FIRST_PASS: a dry run, so wrangler.jsonc's deploy guard lets it through.
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1', WORKER_BUNDLE_FIRST_PASS: '1' },
      stdio: 'pipe',
    });
    const modules = readdirSync(unminified).filter((f) => !/\.(map|md)$/.test(f));
    if (modules.length !== 1 || !modules[0].endsWith('.js')) {
      throw new Error(`expected wrangler to write one JavaScript module; it wrote ${modules.join(', ')}`);
    }
    first = readFileSync(path.join(unminified, modules[0]), 'utf8');
    // wrangler's map gives its sources relative to an absolute sourceRoot, which esbuild resolves
    // one directory off when it chains the map; absolute sources need no resolving.
    const mapFile = path.join(unminified, `${modules[0]}.map`);
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const base = path.resolve(unminified, map.sourceRoot ?? '');
    map.sources = map.sources.map((source) => path.resolve(base, source));
    delete map.sourceRoot;
    writeFileSync(mapFile, JSON.stringify(map));
    rmSync(outdir, { recursive: true, force: true });
    await build({
      entryPoints: [path.join(unminified, modules[0])],
      outfile: path.join(outdir, 'index.js'),
      // Only a transform: wrangler has bundled already. Reading the input's source map is what
      // makes the output's map point at src/, not at the unminified bundle.
      bundle: false,
      ...secondPass(config.minify === true),
      sourcemap: 'linked',
      logLevel: 'warning',
    });
  } finally {
    rmSync(unminified, { recursive: true, force: true });
  }
  // Without this Node would first try the .js file as CommonJS, parsing it twice.
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const [, output] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint);
  return { bundle: path.join(outdir, 'index.js'), meta, output, unminified: first, minify: config.minify === true };
}
