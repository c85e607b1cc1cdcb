import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import type { D1Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';

/** One statement as the code sent it to D1: the exact SQL Drizzle generated, and its parameters. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * A Drizzle database over the test's D1 that notes every statement prepared through it (batches
 * too), so a test can read the plan of exactly what a query function sends, whatever it awaits
 * inside. The rows its batches read are summed as D1 reports them.
 */
function recordingDb(): { db: D1Db; sent: SentStatement[]; batchRowsRead: () => number } {
  const { client, sent, batchRowsRead } = recordingClient();
  return { db: drizzle(client, { schema }), sent, batchRowsRead };
}

/** The D1 binding itself, noting its statements as recordingDb does (for code handed an env). */
function recordingClient(): { client: D1Database; sent: SentStatement[]; batchRowsRead: () => number } {
  const sent: SentStatement[] = [];
  let batchRowsRead = 0;
  const client = {
    prepare(query: string) {
      const statement = env.DB.prepare(query);
      const noted: SentStatement = { sql: query, params: [] };
      sent.push(noted);
      const bind = statement.bind.bind(statement);
      statement.bind = (...params: unknown[]) => {
        noted.params = params;
        return bind(...params);
      };
      return statement;
    },
    async batch(statements: D1PreparedStatement[]) {
      const results = await env.DB.batch(statements);
      for (const result of results) batchRowsRead += result.meta.rows_read ?? 0;
      return results;
    },
    exec: (query: string) => env.DB.exec(query),
  } as unknown as D1Database;
  return { client, sent, batchRowsRead: () => batchRowsRead };
}

/** SQLite's plan for a statement, one line per step. */
async function planOf({ sql, params }: SentStatement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/**
 * The tables whose rows grow with the years, and the names the queries give them (a plan names a
 * table by its alias): none of them may be read whole by a hot query.
 */
const HISTORY = [
  ...['leads', 'lead_messages', 'lead_events', 'lead_photos', 'push_messages', 'audit_log', 'posts', 'tap_counts'],
  ...['earlier', 'owner_message', 'customer_message', 'scheduled'],
];

/**
 * The steps that read a history table whole: `SCAN <table>` without an index, or down an index
 * that is not one the query walks in order to stop at its page (`ordered`, each with a LIMIT).
 */
export function fullScans(plan: readonly string[], ordered: readonly string[] = []): string[] {
  return plan.filter((step) => {
    const scan = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?/.exec(step);
    if (!scan || !HISTORY.includes(scan[1]!)) return false;
    return !(scan[2] && ordered.includes(scan[2]));
  });
}

/** The statements a query function sends, with their plans. */
export async function sentBy(run: (db: D1Db) => Promise<unknown>): Promise<{ sent: SentStatement[]; plans: string[][] }> {
  const { db, sent } = recordingDb();
  await run(db);
  return { sent, plans: await Promise.all(sent.map(planOf)) };
}

/** The rows D1 reports each statement a query function sends reads (in the order prepared), run again one by one. */
export async function rowsReadBy(run: (db: D1Db) => Promise<unknown>): Promise<number[]> {
  const { db, sent } = recordingDb();
  await run(db);
  const read: number[] = [];
  for (const { sql, params } of sent) {
    const { meta } = await env.DB.prepare(sql)
      .bind(...params)
      .all();
    read.push(meta.rows_read ?? 0);
  }
  return read;
}
