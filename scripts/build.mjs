// Builds the browser side: client/main.ts with one chunk per island, and one stylesheet,
// all with content-hashed names, into dist/client/assets; copies public/ beside them; and
// writes src/generated/manifest.ts so the Worker knows the hashed URLs (and build-info.ts, the build time).

import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { writeAdminIcons } from './build/admin-icons.mjs';
import { writeBuiltPages } from './build/pages.mjs';
import { writeServerMarkup } from './build/server-markup.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/client');
const assetsDir = path.join(out, 'assets');

await rm(out, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });
await cp(path.join(root, 'public'), out, { recursive: true });
await writeAdminIcons(out);

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'client/main.ts', lazy: 'client/lazy.ts', site: 'src/styles/site.css', admin: 'src/styles/admin.css' },
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  metafile: true,
  legalComments: 'none',
  // __BROWSER__: see client/forms/browser.ts (false in the Worker's bundle, via wrangler.jsonc).
  define: { 'process.env.NODE_ENV': '"production"', __BROWSER__: 'true' },
  jsx: 'automatic',
  logLevel: 'warning',
});

// The admin's service worker (client/sw/admin-alerts.ts): at a fixed address under /admin, as a
// service worker must be, so it is built on its own and not hashed; _headers below keeps it fresh
// and lets it take the scope /admin.
await build({
  absWorkingDir: root,
  entryPoints: ['client/sw/admin-alerts.ts'],
  outfile: path.join(out, 'admin/alerts-sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const url = (file) => `/${path.relative(out, path.join(root, file)).split(path.sep).join('/')}`;
const outputs = result.metafile.outputs;
let css = '';
let main = '';
let lazy = '';
/** The admin islands' list (client/admin/islands/admin-registry.ts): the admin document preloads it beside main. */
let adminIslands = '';
/** The admin's own styles: only admin pages link them, so public pages do not carry them. */
let adminCss = '';
/** island name -> the chunks it needs (its own and the shared ones): what it costs, for tests and benchmarks. */
const islands = {};
const staticImports = (file, seen = new Set()) => {
  for (const imp of outputs[file]?.imports ?? []) {
    if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
  }
  return seen;
};
for (const [file, meta] of Object.entries(outputs)) {
  if (file.endsWith('.map')) continue;
  if (meta.entryPoint === 'src/styles/site.css') css = url(file);
  else if (meta.entryPoint === 'src/styles/admin.css') adminCss = url(file);
  else if (meta.entryPoint === 'client/main.ts') main = url(file);
  else if (meta.entryPoint === 'client/lazy.ts') lazy = url(file);
  else if (meta.inputs['client/admin/islands/admin-registry.ts']) adminIslands = url(file);
  // The public islands and the admin's: each its own chunk.
  else if (meta.entryPoint?.startsWith('client/islands/') || meta.entryPoint?.startsWith('client/admin/islands/')) {
    const name = path.basename(meta.entryPoint).replace(/\.tsx?$/, '');
    islands[name] = [url(file), ...[...staticImports(file)].map(url)];
  }
}
if (!css || !adminCss || !main || !lazy || !adminIslands)
  throw new Error('build: stylesheet or client entry missing from the output');

// The live map's library, its worker, its stylesheet and the region data: copied as they are
// under content-hashed names (maplibre ships them minified); the AreasMap island fetches them
// from these manifest URLs only when the map is wanted. The worker loads from our own origin.
const hashedCopy = async (from, name) => {
  const body = (await readFile(path.join(root, from), 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 8).toUpperCase();
  const file = name.replace(/(\.\w+)$/, `-${hash}$1`);
  await writeFile(path.join(assetsDir, file), body);
  return `/assets/${file}`;
};
const map = {
  script: await hashedCopy('node_modules/maplibre-gl/dist/maplibre-gl.mjs', 'maplibre-gl.js'),
  worker: await hashedCopy('node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs', 'maplibre-gl-worker.js'),
  css: await hashedCopy('node_modules/maplibre-gl/dist/maplibre-gl.css', 'maplibre-gl.css'),
  region: await hashedCopy('public/map/region.json', 'region.json'),
};

// Hashed files never change; everything else in public/ may, so it gets a short cache.
await writeFile(
  path.join(out, '_headers'),
  [
    '/*',
    '  X-Content-Type-Options: nosniff',
    '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/admin/alerts-sw.js',
    '  Cache-Control: no-cache',
    '  Service-Worker-Allowed: /admin',
    '/images/*',
    '  Cache-Control: public, max-age=86400, stale-while-revalidate=604800',
    // An SVG opened on its own is a document: it may not run or load anything.
    "  Content-Security-Policy: default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    '',
  ].join('\n'),
);

// The stylesheet is small (about 7 KB gzip), so pages carry it inline: no render-blocking
// request before the first paint. The CSP allows exactly this text by its hash.
const cssText = (await readFile(path.join(out, css.slice(1)), 'utf8')).trim();
if (/<\/style/i.test(cssText)) throw new Error('build: the stylesheet contains </style');
const cssHash = `'sha256-${createHash('sha256').update(cssText, 'utf8').digest('base64')}'`;

await mkdir(path.join(root, 'src/generated'), { recursive: true });
await writeFile(
  path.join(root, 'src/generated/manifest.ts'),
  `// Written by scripts/build.mjs. Do not edit.\nexport const manifest = ${JSON.stringify(
    { css, adminCss, cssHash, cssText, main, lazy, adminIslands, islands, map },
    null,
    2,
  )} as const;\n`,
);
// When this build ran: /.well-known/security.txt counts its Expires from it (src/seo/security-txt.ts),
// so every build, and so every deploy, moves that date forward.
await writeFile(
  path.join(root, 'src/generated/build-info.ts'),
  `// Written by scripts/build.mjs. Do not edit.\nexport const builtAt = ${JSON.stringify(new Date().toISOString())};\n`,
);
const sizes = Object.entries(outputs)
  .filter(([f]) => !f.endsWith('.map'))
  .map(([f, m]) => `${url(f)} ${m.bytes} B`);
console.log(`build: ${sizes.join(', ')}`);

await writeServerMarkup(root);
// Last: the Worker, bundled from everything above into dist/worker/ (what `npm run deploy`
// uploads), renders the pages built with the deploy.
await writeBuiltPages(root);
