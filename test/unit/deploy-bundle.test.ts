import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` builds first: dist/worker/ is what `npm run deploy` uploads.
const root = path.resolve(import.meta.dirname, '../..');
const worker = path.join(root, 'dist/worker/index.js');

describe('the deployable Worker (dist/worker/)', () => {
  it('is minified, with a source map that names our own files', () => {
    const code = readFileSync(worker, 'utf8');
    expect(code.split('\n').length).toBeLessThan(400);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.js.map')).toBe(true);
    const map = JSON.parse(readFileSync(`${worker}.map`, 'utf8'));
    for (const file of ['src/index.ts', 'src/app.ts', 'src/cache/built-pages.ts']) {
      expect(map.sources).toContain(`../../${file}`);
    }
  });

  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  const quiet = { WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' };

  it('is uploaded as it is by `wrangler deploy dist/worker/index.js --no-bundle` from `npm run deploy`', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'deploy-dry-run-'));
    try {
      execFileSync(process.execPath, [wrangler, 'deploy', worker, '--no-bundle', '--dry-run', '--outdir', out], {
        cwd: root,
        // What npm sets while it runs the deploy script.
        env: { ...process.env, ...quiet, npm_lifecycle_event: 'deploy' },
        stdio: 'pipe',
      });
      expect(existsSync(path.join(out, 'index.js'))).toBe(true);
      expect(readFileSync(path.join(out, 'index.js'), 'utf8')).toBe(readFileSync(worker, 'utf8'));
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
