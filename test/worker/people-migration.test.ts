import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0006 adds tables only. Here it runs again over a database that already holds posts,
 * leads and content, as the live one does: every existing row and date is kept, and it seeds
 * exactly one owner for ADMIN_TOKEN to sign in as.
 */

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0006_'))!;

const snapshot = async () => ({
  posts: (await env.DB.prepare('SELECT id, slug, published_at, updated_at FROM posts ORDER BY id').all()).results,
  leads: (await env.DB.prepare('SELECT id, created_at, updated_at FROM leads ORDER BY id').all()).results,
});

describe('migration 0006 over a database with rows', () => {
  it('keeps every existing row and date, and seeds one owner', async () => {
    await env.DB.prepare(
      "INSERT INTO leads (id, kind, name, email, message, created_at, updated_at) VALUES ('m6-lead', 'contact', 'Kept', 'kept@example.org', 'x', 1700000000000, 1700000000001)",
    ).run();
    // Back to the database as it was before 0006, with its rows, then 0006's own statements over it:
    // 0006's tables go, and first every later table that points at them (alerts, calendar feeds, …),
    // found from the schema so a new one is dropped too.
    const own = ['audit_log', 'invites', 'webauthn_challenges', 'passkeys', 'admin_sessions', 'people'];
    const pointing = (
      await env.DB.prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      ).all<{ name: string; sql: string }>()
    ).results.filter(({ name, sql }) => !own.includes(name) && own.some((table) => sql.includes(`REFERENCES \`${table}\``)));
    // Only tables of later migrations point at 0006's: none that existed before it.
    expect(pointing.map(({ name }) => name)).not.toContain('leads');
    for (const table of [...pointing.map(({ name }) => name), ...own]) {
      await env.DB.prepare(`DROP TABLE ${table}`).run();
    }
    const before = await snapshot();
    expect(before.posts.length).toBeGreaterThan(0);
    await env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)));
    const owners = await env.DB.prepare("SELECT name, role, email, removed_at FROM people WHERE role = 'owner'").all();
    expect(owners.results).toEqual([{ name: 'Owner', role: 'owner', email: null, removed_at: null }]);
    // It only creates tables and indexes and inserts the owner: no statement alters or deletes.
    const tables = migration.queries.filter((q) => /CREATE TABLE/.test(q)).map((q) => /CREATE TABLE `(\w+)`/.exec(q)![1]);
    expect(tables).toEqual(['people', 'admin_sessions', 'passkeys', 'webauthn_challenges', 'invites', 'audit_log']);
    expect(migration.queries.some((q) => /(^|\n)\s*(ALTER|DROP|DELETE|UPDATE)\s/i.test(q))).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
