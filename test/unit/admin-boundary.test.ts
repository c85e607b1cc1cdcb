import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The admin is a part of its own: nothing outside src/admin/ imports from it, so the public site
 * never evaluates (or ships) admin code. The only ways in are lazy: the app's mount of /admin
 * (src/app.ts) and the cron's jobs that are the admin's (src/scheduled.ts), each an import() run
 * when needed. The admin's own browser code (client/admin/) is the admin's.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = path.join(ROOT, 'src/admin');
const LAZY_MOUNTS = new Set(['src/app.ts', 'src/scheduled.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === ADMIN || full === path.join(ROOT, 'client/admin') ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each relative module a file names: static imports and re-exports, and import() calls. */
function importsOf(source: string): { spec: string; lazy: boolean }[] {
  const found: { spec: string; lazy: boolean }[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g))
    found.push({ spec: match[1]!, lazy: false });
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g)) found.push({ spec: match[1]!, lazy: false });
  for (const match of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push({ spec: match[1]!, lazy: true });
  return found;
}

function adminImports(): string[] {
  const offenders: string[] = [];
  for (const file of [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'client'))]) {
    const relative = path.relative(ROOT, file);
    for (const { spec, lazy } of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (target !== ADMIN && !target.startsWith(`${ADMIN}${path.sep}`)) continue;
      if (lazy && LAZY_MOUNTS.has(relative)) continue;
      offenders.push(`${relative} -> ${spec}`);
    }
  }
  return offenders;
}

describe('the admin boundary', () => {
  it('no file outside src/admin/ imports from it, except the lazy mounts', () => {
    expect(adminImports()).toEqual([]);
  });

  it('finds an import of the admin when there is one (the check can fail)', () => {
    expect(importsOf("import { x } from '../admin/auth/session';\nconst y = await import('./admin/app');")).toEqual([
      { spec: '../admin/auth/session', lazy: false },
      { spec: './admin/app', lazy: true },
    ]);
    // src/app.ts's mount is found, and allowed only because it is lazy and listed.
    const app = importsOf(readFileSync(path.join(ROOT, 'src/app.ts'), 'utf8'));
    expect(app).toContainEqual({ spec: './admin/app', lazy: true });
  });
});
