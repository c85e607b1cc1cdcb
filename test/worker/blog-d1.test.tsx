import { env } from 'cloudflare:workers';
import { is } from 'drizzle-orm';
import { DrizzleD1Database, drizzle } from 'drizzle-orm/d1';
import { LibSQLDatabase } from 'drizzle-orm/libsql';
import { expect, it } from 'vitest';
import { databaseFor } from '../../src/db/client';
import { countPublishedPosts } from '../../src/db/posts';
import * as schema from '../../src/db/schema';
import { describePostQueries } from '../unit/blog-query-contract';

// Storage is per test file and kept between its tests: this runs before the contract resets it.
it('databaseFor gives the Worker its D1 binding, seeded by the migrations', async () => {
  const db = await databaseFor(env);
  expect(is(db, DrizzleD1Database)).toBe(true);
  expect(await countPublishedPosts(db, new Date().toISOString())).toBe(6);
});

it('loads the libSQL HTTP client inside workerd when LIBSQL_URL is set', async () => {
  // Loading and creating the client is what can break in workerd; queries over HTTP are
  // exercised in test/unit/blog-client.test.ts (no request is sent here).
  const db = await databaseFor({ DB: env.DB, LIBSQL_URL: 'https://example-db.turso.io', LIBSQL_AUTH_TOKEN: 'token' });
  expect(is(db, LibSQLDatabase)).toBe(true);
  // The URL Turso prints: the HTTP client speaks to it over HTTPS.
  const turso = await databaseFor({ DB: env.DB, LIBSQL_URL: 'libsql://example-db.turso.io', LIBSQL_AUTH_TOKEN: 'token' });
  expect(is(turso, LibSQLDatabase)).toBe(true);
});

// The same post queries as test/unit/blog-libsql.test.ts, here on a real local D1 in workerd.
describePostQueries('D1 (workerd)', () => drizzle(env.DB, { schema }));
