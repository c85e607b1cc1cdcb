import { is } from 'drizzle-orm';
import { DrizzleD1Database } from 'drizzle-orm/d1';
import { LibSQLDatabase } from 'drizzle-orm/libsql';
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../../src/db/client';
import { countPublishedPosts } from '../../src/db/posts';

// D1 itself only exists in workerd (test/worker/blog-d1.test.tsx runs queries through it).
const DB = {} as D1Database;

describe('databaseFor', () => {
  it('uses D1 when no libSQL URL is set', async () => {
    expect(is(await databaseFor({ DB }), DrizzleD1Database)).toBe(true);
    expect(is(await databaseFor({ DB, LIBSQL_URL: '  ' }), DrizzleD1Database)).toBe(true);
  });

  it('switches to hosted libSQL over HTTP when LIBSQL_URL is set, reusing the client', async () => {
    const env = { DB, LIBSQL_URL: 'http://127.0.0.1:9', LIBSQL_AUTH_TOKEN: 'token' };
    const db = await databaseFor(env);
    expect(is(db, LibSQLDatabase)).toBe(true);
    expect(await databaseFor(env)).toBe(db);
    expect(await databaseFor({ ...env, LIBSQL_AUTH_TOKEN: 'rotated' })).not.toBe(db);
    // Nothing listens on port 9: the query really goes to the network, not to D1.
    await expect(countPublishedPosts(db, new Date().toISOString())).rejects.toThrow();
  });
});
