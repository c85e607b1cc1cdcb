// workerd through Miniflare (the one wrangler itself runs, so the same runtime as `wrangler dev`)
// for what Node cannot hold: a real local D1. Used by the cold-start benchmark.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The asset server as the Worker's ASSETS binding reaches it: the files of dist/client (the
 * default content among them, which a render of revision 0 reads).
 */
export const distAssets = async (request) => {
  try {
    return new Response(await readFile(path.join(root, 'dist/client', new URL(request.url).pathname)));
  } catch {
    return new Response('Not found', { status: 404 });
  }
};

export async function loadMiniflare() {
  // wrangler's own copy, not the test pool's, so the workerd version matches `wrangler dev`.
  const require = createRequire(path.join(root, 'node_modules/wrangler/package.json'));
  return import(pathToFileURL(require.resolve('miniflare')).href);
}

/**
 * A fresh workerd running one script of its own (the warm-render probe's holder of the D1
 * binding; the split Worker itself runs through startSplitWorker, scripts/workerd-modules.mjs).
 * Each instance gets its own copy of the migrated database folder.
 */
export async function startWorkerd({ script, config, persist }) {
  const { Miniflare, convertV4MiniflareOptions } = await loadMiniflare();
  const own = mkdtempSync(path.join(path.dirname(persist), 'run-'));
  cpSync(path.join(persist, 'v3/d1'), path.join(own, 'd1'), { recursive: true });
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script,
      compatibilityDate: config.compatibilityDate,
      compatibilityFlags: config.compatibilityFlags,
      bindings: config.vars,
      d1Databases: { DB: config.databaseId },
      serviceBindings: { ASSETS: distAssets },
      resourcePersistencePath: own,
      host: '127.0.0.1',
      port: 0,
      // A start must not depend on the network: otherwise Miniflare first looks for Request.cf's
      // data, fetching it from Cloudflare where no copy is cached, and offline that fails after a
      // delay that varies from one start to the next.
      cf: false,
      // The request-log line of every run would drown the report; problems still show.
      handleStructuredLogs: ({ level, message }) => {
        if (level === 'error' || level === 'warn') console.error(message);
      },
    }),
  );
  try {
    await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    rmSync(own, { recursive: true, force: true });
    throw error;
  }
  return {
    mf,
    startMs: performance.now() - started,
    stop: async () => {
      await mf.dispose();
      rmSync(own, { recursive: true, force: true });
    },
  };
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * The real local D1, each distinct query read once and then answered from memory. Warm render
 * timing is about the Worker's own CPU; without this every render would also pay the proxy's
 * round trip to workerd. The blog passes "now" as a parameter, so timestamps are one key.
 */
export function rememberingD1(d1) {
  const memo = new Map();
  const statement = (sql, args = []) => {
    const call =
      (method) =>
      (...options) => {
        const key = JSON.stringify([sql, args.map((a) => (ISO_TIME.test(a) ? 'now' : a)), method, options]);
        if (!memo.has(key))
          memo.set(
            key,
            d1
              .prepare(sql)
              .bind(...args)
              [method](...options),
          );
        return memo.get(key);
      };
    return { bind: (...a) => statement(sql, a), all: call('all'), raw: call('raw'), first: call('first'), run: call('run') };
  };
  return { prepare: (sql) => statement(sql), batch: (list) => Promise.all(list.map((s) => s.all())) };
}
