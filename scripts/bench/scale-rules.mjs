// The project's own rules the scale bench's generator uses, so its rows are keyed as the Worker
// keys them: the match keys (a returning customer's phone, e-mail and place) and the service area
// check. src/ imports without file extensions, which Node's type stripping cannot follow, so the
// few modules are bundled by esbuild (as the build bundles them) into one file and imported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

/** { matchKeysOf, checkServiceArea } from src/, as the Worker runs them. */
export async function loadProjectRules() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-rules-'));
  const outfile = path.join(dir, 'rules.mjs');
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ['scripts/bench/scale-rules-entry.ts'],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
