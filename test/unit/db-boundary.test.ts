import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles } from '../support/source-imports';

/**
 * Queries live in src/db/ (design.md: "queries in db/"): only its files import drizzle-orm, so a
 * statement, a `sql` fragment or drizzle's types never leak into a route, a domain or the browser.
 * Callers hand src/db plain values and get rows (or a statement, unread, for a batch) back.
 */
const DB = path.join(ROOT, 'src/db');
const CHECKED = [path.join(ROOT, 'src'), path.join(ROOT, 'client')];

const isDrizzle = (spec: string) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');

function drizzleImportsOf(file: string, source: string): string[] {
  return importsOf(source)
    .filter(({ spec }) => isDrizzle(spec))
    .map(({ spec }) => `${path.relative(ROOT, file)} -> ${spec}`);
}

describe('the database layer', () => {
  it('is the only place under src/ and client/ that imports drizzle-orm', () => {
    const offenders = CHECKED.flatMap((dir) => sourceFiles(dir, [DB])).flatMap((file) =>
      drizzleImportsOf(file, readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a drizzle import of any kind or subpath when there is one (the check can fail)', () => {
    const file = path.join(ROOT, 'src/jobs/job-emails.ts');
    const source = [
      "import { and, eq } from 'drizzle-orm';",
      "import type { SQL } from 'drizzle-orm';",
      "import type { BatchItem } from 'drizzle-orm/batch';",
      "import { findLead } from '../db/leads';",
      "const d1 = await import('drizzle-orm/d1');",
      "import { drizzleOrmLike } from 'drizzle-orm-like';",
    ].join('\n');
    expect(drizzleImportsOf(file, source)).toEqual([
      'src/jobs/job-emails.ts -> drizzle-orm',
      'src/jobs/job-emails.ts -> drizzle-orm',
      'src/jobs/job-emails.ts -> drizzle-orm/batch',
      'src/jobs/job-emails.ts -> drizzle-orm/d1',
    ]);
    expect(sourceFiles(path.join(ROOT, 'src'), [DB]).some((name) => name.startsWith(`${DB}${path.sep}`))).toBe(false);
  });
});
