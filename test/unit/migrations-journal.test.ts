import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * wrangler applies migrations/*.sql by file name and never reads meta/; drizzle-kit's
 * `npm run db:generate` writes the next migration by diffing src/db/schema.ts against the newest
 * snapshot in meta/ and numbers it after the journal's last entry. So the journal must list every
 * migration and the newest snapshot must be the schema as migrated, or generate writes a wrong
 * migration (or one whose number is taken). A new migration is made with `npm run db:generate`
 * (a data-only one with `npm run db:generate -- --custom --name <what>`), which keeps both.
 */
const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'migrations');

interface JournalEntry {
  idx: number;
  tag: string;
}
interface Snapshot {
  id: string;
  prevId: string;
}

const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
const sqlFiles = readdirSync(migrations)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const snapshotOf = (entry: JournalEntry) =>
  JSON.parse(readFileSync(path.join(migrations, `meta/${String(entry.idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;

const scratch = mkdtempSync(path.join(tmpdir(), 'db-generate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("drizzle-kit's record of the migrations", () => {
  it('lists every migration file, in order, each numbered as its file', () => {
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(sqlFiles);
    for (const entry of journal.entries) expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0'))).toBe(true);
  });

  it('has a snapshot for every migration, each pointing at the one before', () => {
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const entry of journal.entries) {
      const snapshot = snapshotOf(entry);
      expect(snapshot.prevId, entry.tag).toBe(previous);
      previous = snapshot.id;
    }
  });

  it('finds no difference with src/db/schema.ts: `db:generate` on a clean checkout writes nothing', () => {
    // A copy of migrations/, so a difference found writes its migration there, never into the repo.
    cpSync(migrations, path.join(scratch, 'migrations'), { recursive: true });
    // drizzle-kit reads snapshots relative to the working directory: run it in the copy's folder.
    const output = execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect',
        'sqlite',
        '--schema',
        path.join(root, 'src/db/schema.ts'),
        '--out',
        './migrations',
      ],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(output).toContain('No schema changes');
    expect(readdirSync(path.join(scratch, 'migrations')).sort()).toEqual(readdirSync(migrations).sort());
  }, 60_000);
});
