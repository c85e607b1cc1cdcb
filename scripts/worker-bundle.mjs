// The Worker as `wrangler deploy` bundles it, without uploading: used by the build (to render the
// pages built with the deploy) and by the cold-start benchmark.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wranglerJs = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** A wrangler config file as wrangler itself reads it. */
export async function readWranglerConfig(configPath = path.join(root, 'wrangler.toml')) {
  const { experimental_readRawConfig } = await import('wrangler');
  return experimental_readRawConfig({ config: configPath }).rawConfig;
}

/**
 * `wrangler deploy --dry-run` into outdir, with esbuild's metafile beside it. Returns the bundle's
 * path, esbuild's metafile and its entry's output, ready for Node to `import()`.
 */
export function bundleWorker({ cwd = root, configPath = path.join(root, 'wrangler.toml'), outdir, metafile }) {
  const args = ['deploy', '--dry-run', '--config', configPath, '--outdir', outdir, '--metafile', metafile];
  execFileSync(process.execPath, [wranglerJs, ...args], {
    cwd,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  // Without this Node would first try the .js file as CommonJS, parsing it twice.
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const [file, output] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint);
  return { bundle: path.resolve(cwd, file), meta, output };
}
