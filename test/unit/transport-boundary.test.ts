import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Transports carry, domains compose (design.md): the outbox (src/outbox/) and the push queue
 * (src/push/) know how to deliver and retry, not what a message says. So neither imports a domain
 * that writes messages, nor the site's content: the composers are handed in by their caller.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TRANSPORTS = ['src/outbox', 'src/push'];
const DOMAINS = ['src/leads', 'src/jobs', 'src/privacy', 'src/site-content', 'src/admin'];

/** Each relative module a file names: imports of any kind, re-exports and import() calls. */
function importsOf(source: string): string[] {
  return [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g),
    ...source.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g),
    ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1]!);
}

function reachesUp(file: string, spec: string) {
  if (!spec.startsWith('.')) return false;
  const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
  return DOMAINS.some((domain) => target === domain || target.startsWith(`${domain}/`));
}

function offenders(): string[] {
  return TRANSPORTS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir))
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => {
        const file = path.join(ROOT, dir, name);
        return importsOf(readFileSync(file, 'utf8'))
          .filter((spec) => reachesUp(file, spec))
          .map((spec) => `${dir}/${name} -> ${spec}`);
      }),
  );
}

describe('the transports', () => {
  it('import no domain that writes messages, and not the site content', () => {
    expect(offenders()).toEqual([]);
  });

  it('finds such an import when there is one (the check can fail)', () => {
    const file = path.join(ROOT, 'src/push/outbox.ts');
    expect(importsOf("import { x } from '../leads/composers';\nconst y = await import('../jobs/job-emails');")).toEqual([
      '../leads/composers',
      '../jobs/job-emails',
    ]);
    expect(reachesUp(file, '../leads/composers')).toBe(true);
    expect(reachesUp(file, '../site-content/current')).toBe(true);
    expect(reachesUp(file, './payload')).toBe(false);
    expect(reachesUp(file, '../db/push-messages')).toBe(false);
  });
});
