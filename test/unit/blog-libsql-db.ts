import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../src/db/schema';

const migrations = path.resolve(import.meta.dirname, '../../migrations');

/** A fresh libSQL file database with every migration applied, as wrangler would apply them. */
export async function createMigratedLibsql() {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-libsql-'));
  const client: Client = createClient({ url: `file:${path.join(dir, 'blog.db')}` });
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    // executeMultiple runs a whole script; drizzle's '--> statement-breakpoint' lines are comments.
    await client.executeMultiple(readFileSync(path.join(migrations, file), 'utf8'));
  }
  return {
    client,
    db: drizzle(client, { schema }),
    cleanup: () => {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
