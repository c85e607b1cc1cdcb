import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

  it('is uploaded as it is by `wrangler deploy dist/worker/index.js --no-bundle`', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'deploy-dry-run-'));
    try {
      const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
      execFileSync(process.execPath, [wrangler, 'deploy', worker, '--no-bundle', '--dry-run', '--outdir', out], {
        cwd: root,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
        stdio: 'pipe',
      });
      expect(existsSync(path.join(out, 'index.js'))).toBe(true);
      expect(readFileSync(path.join(out, 'index.js'), 'utf8')).toBe(readFileSync(worker, 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
