import { afterAll, beforeAll } from 'vitest';
import { createMigratedLibsql } from './blog-libsql-db';
import { describePostQueries } from './blog-query-contract';

// The same post queries as the Worker runs on D1, here through drizzle-orm/libsql on a file.
let database: Awaited<ReturnType<typeof createMigratedLibsql>>;
beforeAll(async () => {
  database = await createMigratedLibsql();
});
afterAll(() => database.cleanup());

describePostQueries('libSQL (file database)', () => database.db);
