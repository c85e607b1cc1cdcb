import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0011 rebuilds `people` (its role CHECK takes 'engineer'). Dropping the old table
 * cascades into every table that points at it, so the migration copies their rows aside and puts
 * them back. Here every such table, found from the schema itself (so a table added later that
 * points at people and is not kept fails this test), holds a row; the rebuild runs again over
 * them; every row of every table is still there, and the new role is accepted, a made-up one not.
 */

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0011_'))!;
/** The rebuild alone: the leads column and its index exist already. */
const rebuild = migration.queries.filter((query) => !/`leads`/.test(query));

const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

/** Tables whose rows go when a person's row goes: those pointing at people, and at those, and so on. */
async function cascadingFrom(table: string, seen = new Set<string>()): Promise<Set<string>> {
  const tables = await all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 4) != '_cf_'",
  );
  for (const { name } of tables) {
    if (seen.has(name)) continue;
    const keys = await all<{ table: string; on_delete: string }>(`SELECT * FROM pragma_foreign_key_list('${name}')`);
    if (keys.some((key) => key.table === table && key.on_delete === 'CASCADE')) {
      seen.add(name);
      await cascadingFrom(name, seen);
    }
  }
  return seen;
}

const snapshot = async (tables: Iterable<string>) =>
  Object.fromEntries(
    await Promise.all([...tables, 'people'].map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)])),
  );

describe('migration 0011 over a database with people and all that hangs off them', () => {
  it('keeps every row of every table that points at people, and takes the engineer role', async () => {
    const now = 1_800_000_000_000;
    const person = (await env.DB.prepare(
      "INSERT INTO people (name, email, role, created_at) VALUES ('Kept Person', 'kept@example.org', 'office', ?) RETURNING id",
    )
      .bind(now)
      .first<{ id: number }>())!.id;
    const lead = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO leads (id, kind, name, email, created_at, updated_at) VALUES (?, 'contact', 'A', 'a@example.org', ?, ?)",
      ).bind(lead, now, now),
      env.DB.prepare(
        "INSERT INTO admin_sessions (secret_hash, person_id, device, method, created_at, last_used_at) VALUES ('h1', ?, 'Phone', 'passkey', ?, ?)",
      ).bind(person, now, now),
      env.DB.prepare(
        "INSERT INTO passkeys (id, person_id, public_key, device, created_at) VALUES ('pk1', ?, 'key', 'Phone', ?)",
      ).bind(person, now),
      env.DB.prepare(
        "INSERT INTO webauthn_challenges (challenge, purpose, person_id, expires_at) VALUES ('c1', 'register', ?, ?)",
      ).bind(person, now),
      env.DB.prepare(
        "INSERT INTO invites (nonce, token_hash, person_id, created_at, expires_at) VALUES ('n1', 't1', ?, ?, ?)",
      ).bind(person, now, now),
      env.DB.prepare(
        "INSERT INTO push_subscriptions (person_id, endpoint, p256dh, auth, device, created_at) VALUES (?, 'https://push.example/1', 'p', 'a', 'Phone', ?)",
      ).bind(person, now),
      env.DB.prepare('INSERT INTO alert_settings (person_id, updated_at) VALUES (?, ?)').bind(person, now),
      env.DB.prepare("INSERT INTO calendar_feeds (person_id, token_hash, created_at) VALUES (?, 'f1', ?)").bind(person, now),
    ]);
    const subscription = (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE person_id = ?')
      .bind(person)
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      "INSERT INTO push_messages (id, subscription_id, lead_id, kind, status, created_at, updated_at) VALUES ('pm1', ?, ?, 'new-lead', 'pending', ?, ?)",
    )
      .bind(subscription, lead, now, now)
      .run();

    const tables = await cascadingFrom('people');
    expect([...tables].sort()).toEqual(
      [
        'admin_sessions',
        'alert_settings',
        'calendar_feeds',
        'invites',
        'passkeys',
        'push_messages',
        'push_subscriptions',
        'webauthn_challenges',
      ].sort(),
    );
    // Each of them is kept aside by the migration, and holds a row here.
    for (const table of tables) {
      expect(
        rebuild.some((query) => query.includes(`CREATE TABLE \`keep_${table}\``)),
        table,
      ).toBe(true);
      expect((await all(`SELECT * FROM ${table}`)).length, table).toBeGreaterThan(0);
    }
    const before = await snapshot(tables);

    await env.DB.batch(rebuild.map((query) => env.DB.prepare(query)));

    expect(await snapshot(tables)).toEqual(before);
    expect(await all("SELECT name FROM sqlite_master WHERE name LIKE 'keep_%' OR name = 'people_next'")).toEqual([]);
    // The foreign keys still hold: a person's removal from the table still cascades.
    expect(await all('SELECT * FROM pragma_foreign_key_check')).toEqual([]);
    await env.DB.prepare("UPDATE people SET role = 'engineer' WHERE id = ?").bind(person).run();
    await expect(env.DB.prepare("UPDATE people SET role = 'boss' WHERE id = ?").bind(person).run()).rejects.toThrow(/CHECK/);
    const next = (await env.DB.prepare("INSERT INTO people (name, role, created_at) VALUES ('Next', 'office', ?) RETURNING id")
      .bind(now)
      .first<{ id: number }>())!.id;
    expect(next).toBeGreaterThan(person);
    await env.DB.prepare('DELETE FROM people WHERE id = ?').bind(person).run();
    expect(await all('SELECT * FROM admin_sessions WHERE person_id = ?', person)).toEqual([]);
    expect(await all("SELECT * FROM push_messages WHERE id = 'pm1'")).toEqual([]);
  });
});
