// `npm run types` (and `types:check`, run by `npm run lint`): worker-configuration.d.ts from
// wrangler.jsonc by `wrangler types`, with one change. wrangler.jsonc's `main` is the split build
// in dist/worker/ (scripts/worker-bundle.mjs), which has no types of its own and does not exist
// before a build; its types are those of its source, src/index.ts, so the Worker's exports
// (`exports.default.fetch` in the tests) are typed from there.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'worker-configuration.d.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'worker-types-'));
try {
  const out = path.join(dir, 'worker-configuration.d.ts');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'types',
      out,
      '--include-runtime=false',
      '--strict-vars=false',
      '--env-file',
      '/dev/null',
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' }, stdio: 'pipe' },
  );
  const generated = readFileSync(out, 'utf8');
  const main = /typeof import\("([^"]+)"\)/.exec(generated)?.[1];
  if (!main) throw new Error('wrangler types wrote no mainModule line');
  // The generated import is relative to the output file: point it at the same place from the project root.
  const typed = generated
    .replace(`typeof import("${main}")`, 'typeof import("./src/index")')
    .replace(` ${out}\``, ' worker-configuration.d.ts`');
  // wrangler's hash of the configuration depends on the checkout's own path (seen since `main`
  // names the built modules), so the check compares the types themselves, not the hash.
  const withoutHash = (text) => text.replace(/\(hash: [0-9a-f]+\)/, '(hash)');
  if (process.argv.includes('--check')) {
    if (withoutHash(readFileSync(target, 'utf8')) !== withoutHash(typed)) {
      console.error('worker-configuration.d.ts is out of date with wrangler.jsonc: run `npm run types`.');
      process.exit(1);
    }
    console.log('worker-configuration.d.ts is up to date.');
  } else {
    writeFileSync(target, typed);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
