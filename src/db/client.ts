import { type DrizzleD1Database, drizzle } from 'drizzle-orm/d1';
import type { Database } from './posts';
import * as schema from './schema';

/** The bindings that choose the database: D1 always, hosted libSQL (Turso) when a URL is set. */
export interface DatabaseEnv {
  DB: D1Database;
  /** libsql://<db>-<org>.turso.io (or https://...). When set, reads go there instead of D1. */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

/**
 * The database of what is ours alone, always D1: leads, their e-mails and photos' rows, tap
 * counts, the dashboard's figures and the site's content revisions. Personal data stays with
 * Cloudflare, where the privacy notice says it is, whatever the blog uses.
 */
/**
 * The handle every D1 query takes: the one type for it, so a module that reads leads, sessions or
 * the audit log says `db: D1Db` (d1Database's handle, or a test's, fits it).
 */
export type D1Db = DrizzleD1Database<Record<string, unknown>>;

export const d1Database = (env: Pick<DatabaseEnv, 'DB'>) => drizzle(env.DB, { schema });

let libsql: { url: string; token: string | undefined; db: Database } | undefined;

/**
 * The database of the blog (posts, keywords, the media library) for a request. D1 is the default; setting the LIBSQL_URL secret
 * (and LIBSQL_AUTH_TOKEN) switches every query to hosted libSQL over HTTP, with no other code
 * change. The libSQL client is imported only on that path and reused across requests.
 */
export async function databaseFor(env: DatabaseEnv): Promise<Database> {
  const url = env.LIBSQL_URL?.trim();
  if (!url) return drizzle(env.DB, { schema });
  if (libsql?.url !== url || libsql.token !== env.LIBSQL_AUTH_TOKEN) {
    const [{ createClient }, { drizzle: drizzleLibsql }] = await Promise.all([
      // The HTTP-only client: libsql:// URLs go over HTTPS, as they would with the web client,
      // without the WebSocket protocol's code, which every cold isolate would compile.
      import('@libsql/client/http'),
      import('drizzle-orm/libsql/http'),
    ]);
    const client = createClient({ url, authToken: env.LIBSQL_AUTH_TOKEN });
    libsql = { url, token: env.LIBSQL_AUTH_TOKEN, db: drizzleLibsql(client, { schema }) };
  }
  return libsql.db;
}
