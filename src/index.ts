import { HonoBase } from 'hono/hono-base';
import { LinearRouter } from 'hono/router/linear-router';
import type { AppEnv, Bindings } from './env';
import { handOver } from './http/execution';
import { pageCache } from './middleware/page-cache';
import { requestLog } from './middleware/request-log';

/**
 * The Worker's front door, and all that a new isolate evaluates before its first answer: the
 * request log and the page cache. A page the cache holds (this isolate's memory, the data
 * centre's Cache API, or the pages built with the deploy) is answered from here; anything else
 * goes to the site (src/app.ts), whose code, React and the database layer are evaluated on the
 * first request that needs them.
 */
// HonoBase with one router: `Hono` would also evaluate the three routers it picks between.
const app = new HonoBase<AppEnv>();
app.router = new LinearRouter();

app.use(requestLog);
app.use(pageCache);
app.all(
  '*',
  handOver(async () => (await import('./app')).siteApp),
);
app.onError(async (error, c) => (await import('./app')).answerFrontDoorError(error, c));

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    const { SCHEDULED_JOBS } = await import('./scheduled');
    const now = Date.now();
    // Independent: each logs its own failure, and none waits for or stops another.
    for (const job of SCHEDULED_JOBS) ctx.waitUntil(job(env, now));
  },
} satisfies ExportedHandler<Bindings>;
