import type { Context, Handler, Hono } from 'hono';
import type { AppEnv } from '../env';

/** A bare app.request in a test has no execution context; workerd always gives one. */
export function executionContextOf(c: Context): Context['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Runs work after the answer is sent when the runtime allows it; without a context it still runs to its end. */
export function afterResponse(c: Context, work: Promise<unknown>): void {
  executionContextOf(c)?.waitUntil(work);
}

/**
 * A handler that passes the request on to an app imported on first use. esbuild keeps a module
 * that is only imported dynamically uninitialised in the bundle until that import runs, so the
 * app's code is evaluated only when a request needs it.
 */
export const handOver =
  (load: () => Promise<Pick<Hono<AppEnv>, 'fetch'>>): Handler<AppEnv> =>
  async (c) =>
    (await load()).fetch(c.req.raw, c.env, executionContextOf(c));
