import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` builds first: dist/worker/ is what `npm run deploy` uploads.
const root = path.resolve(import.meta.dirname, '../..');
const workerDir = path.join(root, 'dist/worker');
const modules = () => readdirSync(workerDir).filter((f) => f.endsWith('.mjs'));

describe('the deployable Worker (dist/worker/)', () => {
  it('is split into minified modules, each with a source map, which together name our own files', () => {
    expect(modules()).toContain('index.mjs');
    expect(modules().length).toBeGreaterThan(5);
    const sources = new Set<string>();
    for (const file of modules()) {
      const code = readFileSync(path.join(workerDir, file), 'utf8');
      expect(code.split('\n').length).toBeLessThan(400);
      expect(code.trimEnd().endsWith(`//# sourceMappingURL=${file}.map`)).toBe(true);
      for (const source of JSON.parse(readFileSync(path.join(workerDir, `${file}.map`), 'utf8')).sources) sources.add(source);
    }
    for (const file of ['src/index.ts', 'src/app.ts', 'src/cache/built-pages.ts', 'src/admin/app.tsx']) {
      expect(sources).toContain(`../../${file}`);
    }
  });

  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  const quiet = { WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' };

  it('is uploaded module for module, as built, by `wrangler deploy` from `npm run deploy`', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'deploy-dry-run-'));
    try {
      execFileSync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', out], {
        cwd: root,
        // What npm sets while it runs the deploy script, and a PATH whose node is this one (the
        // build command runs `node`).
        env: {
          ...process.env,
          ...quiet,
          npm_lifecycle_event: 'deploy',
          PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
        },
        stdio: 'pipe',
      });
      const uploaded = readdirSync(out).filter((f) => f.endsWith('.mjs'));
      expect(uploaded.sort()).toEqual(modules().sort());
      for (const file of uploaded) {
        expect(readFileSync(path.join(out, file), 'utf8')).toBe(readFileSync(path.join(workerDir, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(['deploy', 'versions upload'])(
    'is not replaced quietly: a plain `wrangler %s` stops and names npm run deploy',
    (command) => {
      const out = mkdtempSync(path.join(tmpdir(), 'deploy-refused-'));
      try {
        const run = spawnSync(process.execPath, [wrangler, ...command.split(' '), '--dry-run', '--outdir', out], {
          cwd: root,
          env: { ...process.env, ...quiet, npm_lifecycle_event: 'test' },
          encoding: 'utf8',
        });
        expect(run.status).toBe(1);
        expect(run.stdout + run.stderr).toContain(`Stopped: a plain \`wrangler ${command}\` would upload the wrong Worker.`);
        expect(run.stdout + run.stderr).toContain('Deploy with `npm run deploy`');
        expect(readdirSync(out)).toEqual([]);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
