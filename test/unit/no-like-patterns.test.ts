import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * D1 refuses a LIKE or GLOB pattern over 50 bytes
 * (docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md), so no query may build one: text is matched with instr(), substr() or =. This keeps a new one from creeping in.
 */

const src = path.resolve(import.meta.dirname, '../../src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** `like ${…}` / `glob ${…}` in an sql template, or drizzle's like() family imported. */
const PATTERN_IN_SQL = /\b(?:not\s+)?(?:like|glob)\s+\$\{/i;
const DRIZZLE_LIKE = /import\s*\{[^}]*\b(?:like|ilike|notLike|notIlike)\b[^}]*\}\s*from\s*'drizzle-orm/;

describe('queries', () => {
  it('build no LIKE or GLOB pattern', () => {
    const offenders = sourceFiles(src).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return PATTERN_IN_SQL.test(text) || DRIZZLE_LIKE.test(text);
    });
    expect(offenders.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('would be caught building one', () => {
    // The old slug query, as its source read.
    const oldSlugQuery = ['sql`', '$', '{posts.slug} like ', '$', "{pattern} escape '\\'`"].join('');
    expect(PATTERN_IN_SQL.test(oldSlugQuery)).toBe(true);
    expect(DRIZZLE_LIKE.test("import { and, like, or } from 'drizzle-orm';")).toBe(true);
    expect(PATTERN_IN_SQL.test('a LIKE pattern over 50 bytes')).toBe(false);
  });
});
