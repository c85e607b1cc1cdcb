import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-imports';

/**
 * Small files (design.md's house style: mostly under 150 lines, split past 250), so a file says
 * one thing and a reader sees it whole. Each exception is one that cannot be split now, with why.
 */
const MAX_LINES = 250;

const EXCEPTIONS: Readonly<Record<string, string>> = {
  // The only schema (design.md: one source of truth): drizzle-kit reads the whole database from it.
  'src/db/schema.ts': 'the one schema',
  // Typed copy, not code: the 12 services' words in menu order, each read beside the others.
  'src/content/services.ts': "the services' copy",
};

/** Lines as `wc -l` counts them: each newline ends one. */
const lineCount = (source: string) => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

function longFiles(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .map((file) => ({ name: path.relative(ROOT, file), lines: lineCount(read(file)) }))
    .filter(({ name, lines }) => lines > MAX_LINES && !(name in EXCEPTIONS))
    .map(({ name, lines }) => `${name}: ${lines} lines`);
}

const checked = () => ['src', 'client'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

describe('source files', () => {
  it(`under src/ and client/ are at most ${MAX_LINES} lines, but the listed exceptions`, () => {
    expect(longFiles(checked(), (file) => readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('lists as exceptions only files that exist and are still that long (the list does not go stale)', () => {
    const long = new Set(
      checked()
        .filter((file) => lineCount(readFileSync(file, 'utf8')) > MAX_LINES)
        .map((file) => path.relative(ROOT, file)),
    );
    expect(Object.keys(EXCEPTIONS).filter((name) => !long.has(name))).toEqual([]);
  });

  it('finds a file past the limit when there is one (the check can fail)', () => {
    const files = [path.join(ROOT, 'src/a.ts'), path.join(ROOT, 'src/b.ts'), path.join(ROOT, 'src/db/schema.ts')];
    const text: Record<string, string> = {
      'src/a.ts': 'x\n'.repeat(MAX_LINES),
      'src/b.ts': 'x\n'.repeat(MAX_LINES + 1),
      'src/db/schema.ts': 'x\n'.repeat(MAX_LINES * 4),
    };
    expect(longFiles(files, (file) => text[path.relative(ROOT, file)]!)).toEqual([`src/b.ts: ${MAX_LINES + 1} lines`]);
  });
});
