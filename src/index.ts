import { getPath } from 'hono/utils/url';
import { pageCache } from './cache/page-cache';
import type { Bindings } from './env';
import { logRequest } from './middleware/request-log';
import { publicCaching } from './routes/caching';

/**
 * The Worker's front door, and all that a new isolate evaluates before its first answer: the
 * request log, the page cache and the public routes' caching (publicCaching, which it hands to
 * the page cache), as a plain fetch handler. A page a cache tier holds (this isolate's memory,
 * the pages built with the deploy, D1's kept pages, the data centre's Cache API) is answered from
 * here; anything else goes to the site (siteApp), whose code, Hono's router, React and the
 * database layer are evaluated on the first request that needs them.
 */
const site = () => import('./app');

async function answer(request: Request, path: string, env: Bindings, ctx: ExecutionContext | undefined) {
  try {
    return await pageCache(publicCaching, request, path, env, ctx, async () => (await site()).siteApp.fetch(request, env, ctx));
  } catch (error) {
    // An error in the front door itself, answered as the site answers its own.
    return (await site()).answerFrontDoorError(error as Error, request, env, ctx);
  }
}

export default {
  async fetch(request: Request, env: Bindings, ctx?: ExecutionContext) {
    const started = Date.now();
    // The path as the site's router reads it (percent-decoded where it can be).
    const path = getPath(request);
    const res = await answer(request, path, env, ctx);
    logRequest(request.method, path, res.status, started);
    return res;
  },
  async scheduled(_controller, env, ctx) {
    const { SCHEDULED_JOBS } = await import('./scheduled');
    const now = Date.now();
    // Independent: each logs its own failure, and none waits for or stops another.
    for (const job of SCHEDULED_JOBS) ctx.waitUntil(job(env, now));
  },
} satisfies ExportedHandler<Bindings>;
