import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPath, importsOf, ROOT, sourceFiles } from '../support/source-imports';

/**
 * src/rules/ is the bottom layer: the rules the site, the admin, the browser and the tests share
 * (limits, wording, time, validation). It imports nothing but its own files and valibot, so
 * anything may use a rule without bringing a layer above it along.
 */
const RULES = path.join(ROOT, 'src/rules');
const ALLOWED_PACKAGES = new Set(['valibot']);

function outsideImportsOf(file: string, source: string): string[] {
  return importsOf(source)
    .filter(({ spec }) => {
      const target = importedPath(file, spec);
      return target === undefined ? !ALLOWED_PACKAGES.has(spec) : !target.startsWith(`${RULES}${path.sep}`);
    })
    .map(({ spec }) => `${path.relative(ROOT, file)} -> ${spec}`);
}

describe('the rules layer', () => {
  it('imports nothing outside src/rules/ but valibot', () => {
    const offenders = sourceFiles(RULES).flatMap((file) => outsideImportsOf(file, readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds an import from above, or of another package, when there is one (the check can fail)', () => {
    const file = path.join(RULES, 'photos.ts');
    const source = [
      "import * as v from 'valibot';",
      "import { isValidSlug } from './slug';",
      "import type { ImageType } from '../media/sniff';",
      "import { decodeBase64Url } from 'hono/utils/encode';",
    ].join('\n');
    expect(outsideImportsOf(file, source)).toEqual([
      'src/rules/photos.ts -> ../media/sniff',
      'src/rules/photos.ts -> hono/utils/encode',
    ]);
  });
});
