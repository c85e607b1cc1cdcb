import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for tests that read its source files. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every .ts and .tsx file under `dir`, but not under the folders `skip` names. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(full) ? [] : sourceFiles(full, skip);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each module a file names: static imports and re-exports (types too), and import() calls (lazy). */
export function importsOf(source: string): { spec: string; lazy: boolean }[] {
  const found: { spec: string; lazy: boolean }[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g))
    found.push({ spec: match[1]!, lazy: false });
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g)) found.push({ spec: match[1]!, lazy: false });
  for (const match of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push({ spec: match[1]!, lazy: true });
  return found;
}

/** The file a relative import names, without its extension (as written); undefined for a package. */
export const importedPath = (file: string, spec: string): string | undefined =>
  spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : undefined;
