import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPath, importsOf, ROOT, sourceFiles } from '../support/source-imports';

/**
 * The admin is a part of its own, both ways. Nothing outside src/admin/ imports from it, so the
 * public site never evaluates (or ships) admin code: the only ways in are lazy, the app's mount of
 * /admin (src/app.ts) and the cron's jobs that are the admin's (src/scheduled.ts), each an
 * import() run when needed. The admin's own browser code (client/admin/) is the admin's. And
 * nothing in the admin imports the app above it: the app hands the admin what it needs of the
 * site (createAdminApp's renderSite) when it mounts it.
 */
const ADMIN = path.join(ROOT, 'src/admin');
const CLIENT_ADMIN = path.join(ROOT, 'client/admin');
const APP = path.join(ROOT, 'src/app');
const LAZY_MOUNTS = new Set(['src/app.ts', 'src/scheduled.ts']);

const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}${path.sep}`);

function adminImports(): string[] {
  const offenders: string[] = [];
  const skip = [ADMIN, CLIENT_ADMIN];
  for (const file of [...sourceFiles(path.join(ROOT, 'src'), skip), ...sourceFiles(path.join(ROOT, 'client'), skip)]) {
    const relative = path.relative(ROOT, file);
    for (const { spec, lazy } of importsOf(readFileSync(file, 'utf8'))) {
      const target = importedPath(file, spec);
      if (!target || !inside(target, ADMIN)) continue;
      if (lazy && LAZY_MOUNTS.has(relative)) continue;
      offenders.push(`${relative} -> ${spec}`);
    }
  }
  return offenders;
}

/** Imports of the app (src/app.ts) by one admin file's source, lazy or not. */
const appImportsOf = (file: string, source: string) =>
  importsOf(source)
    .filter(({ spec }) => importedPath(file, spec) === APP)
    .map(({ spec }) => `${path.relative(ROOT, file)} -> ${spec}`);

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

  it('no admin file imports the app: the app hands the admin the site renderer when it mounts it', () => {
    const offenders = [...sourceFiles(ADMIN), ...sourceFiles(CLIENT_ADMIN)].flatMap((file) =>
      appImportsOf(file, readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('finds an admin file importing the app when there is one (the check can fail)', () => {
    const save = path.join(ADMIN, 'site/save.ts');
    expect(appImportsOf(save, "import { siteApp } from '../../app';\nimport { log } from '../../log';")).toEqual([
      'src/admin/site/save.ts -> ../../app',
    ]);
    expect(appImportsOf(save, "const { siteApp } = await import('../../app');")).toEqual(['src/admin/site/save.ts -> ../../app']);
  });
});
