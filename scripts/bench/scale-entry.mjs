// The scale bench's Worker: the real one (src/index.ts, bundled as a deploy bundles it), with its
// D1 binding wrapped so every answer says how many rows D1 reported reading and writing for it:
// the sum of `meta.rows_read` and `meta.rows_written` over every statement the request (and the
// work it left to waitUntil) ran. Bench only: nothing here is deployed.
//
// The binding's own methods drop the meta of raw() and first(), which Drizzle uses for most
// reads, so the wrapper answers every statement through D1's lower-level query() (the
// d1_binding_jsrpc flag, set by the bench), shaping the rows as the binding would.
import worker from '../../src/index.ts';

const tally = { statements: 0, rowsRead: 0, rowsWritten: 0, slowestMs: 0, heaviest: [] };
/** How many of a request's statements, the most rows read first, its answer names (SCALE_TRACE=1 prints them). */
const HEAVIEST_KEPT = 4;

const noteHeaviest = (sql, rowsRead) => {
  tally.heaviest.push({ rowsRead, sql: sql.replace(/\s+/g, ' ').slice(0, 160) });
  tally.heaviest.sort((a, b) => b.rowsRead - a.rowsRead);
  tally.heaviest.length = Math.min(tally.heaviest.length, HEAVIEST_KEPT);
};

const paramOf = (value) => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
  if (ArrayBuffer.isView(value)) return Array.from(value);
  return value;
};
const objectsOf = ({ columns, rows }) => rows.map((row) => Object.fromEntries(row.map((cell, i) => [columns[i], cell])));

function countingD1(d1) {
  const query = async (queries) => {
    const { results } = await d1.query({ queries });
    results.forEach(({ meta }, i) => {
      tally.statements += 1;
      noteHeaviest(queries[i].sql, meta.rows_read);
      tally.rowsRead += meta.rows_read;
      tally.rowsWritten += meta.rows_written;
      tally.slowestMs = Math.max(tally.slowestMs, meta.duration);
    });
    return results.map(({ meta, data }) => ({ meta, data }));
  };
  const statement = (sql, params = []) => ({
    sql,
    params,
    bind: (...values) => statement(sql, values.map(paramOf)),
    async all() {
      const [{ meta, data }] = await query([{ sql, params }]);
      return { success: true, meta, results: objectsOf(data) };
    },
    async run() {
      return this.all();
    },
    async raw(options) {
      const [{ data }] = await query([{ sql, params }]);
      return [...(options?.columnNames ? [data.columns] : []), ...data.rows];
    },
    async first(column) {
      const [{ data }] = await query([{ sql, params }]);
      const row = objectsOf(data)[0];
      if (!row) return null;
      return column === undefined ? row : row[column];
    },
  });
  return {
    prepare: (sql) => statement(sql),
    batch: async (list) =>
      (await query(list.map((s) => ({ sql: s.sql, params: s.params })))).map(({ meta, data }) => ({
        success: true,
        meta,
        results: objectsOf(data),
      })),
    exec: (sql) => d1.exec(sql),
  };
}

// One wrapped env for the isolate: the Worker keeps some things per env object.
let wrapped;
const benchEnv = (env) => {
  wrapped ??= { ...env, DB: countingD1(env.DB) };
  return wrapped;
};

/** A cron run (all its jobs, as the scheduled handler starts them), or one job of it by name. */
async function runCron(url, env) {
  const scheduled = await import('../../src/scheduled.ts');
  const { SCHEDULED_JOBS } = scheduled;
  const names = new Map(Object.entries(scheduled).map(([name, job]) => [job, name]));
  const wanted = url.searchParams.get('job');
  // ?retention=default: the lead retention wrangler.jsonc ships (the bench's own is longer than its data).
  const jobEnv =
    url.searchParams.get('retention') === 'default'
      ? { ...env, LEAD_RETENTION_DAYS_HANDLED: '365', LEAD_RETENTION_DAYS_UNHANDLED: '730' }
      : env;
  const jobs = wanted ? SCHEDULED_JOBS.filter((job) => names.get(job) === wanted) : SCHEDULED_JOBS;
  if (jobs.length === 0) return new Response(`no cron job ${wanted}`, { status: 404 });
  const now = Date.now();
  await Promise.all(jobs.map((job) => job(jobEnv, now)));
  return Response.json(SCHEDULED_JOBS.map((job) => names.get(job) ?? '?'));
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const pending = [];
    const benchCtx = {
      waitUntil: (promise) => {
        pending.push(promise);
        ctx.waitUntil(promise);
      },
      passThroughOnException: () => ctx.passThroughOnException(),
      props: ctx.props,
    };
    Object.assign(tally, { statements: 0, rowsRead: 0, rowsWritten: 0, slowestMs: 0, heaviest: [] });
    const e = benchEnv(env);
    const res = url.pathname === '/__bench/cron' ? await runCron(url, e) : await worker.fetch(request, e, benchCtx);
    const body = await res.arrayBuffer();
    // What the request left to run after its answer is its cost too.
    await Promise.allSettled(pending);
    const headers = new Headers(res.headers);
    headers.set('x-bench-d1', JSON.stringify(tally));
    return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, headers });
  },
};
