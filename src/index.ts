import { type Context, type Handler, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { LinearRouter } from 'hono/router/linear-router';
import type { AppEnv, Bindings } from './env';
import { exceptUploadRoutes } from './http/body-limit';
import { errorResponse, notFound, onError } from './http/errors';
import { refuseOtherMethods } from './http/wrong-method';
import { retryUnsentLeads } from './leads/scheduled';
import { canonicalPath } from './middleware/canonical-path';
import { pageCache } from './middleware/page-cache';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security';
import { deleteLeadsPastRetention } from './privacy/retention';
import { pageRenderer } from './render/renderer';
import { apiRoutes } from './routes/api';
import { blogRoutes } from './routes/blog';
import { mapRoutes } from './routes/map';
import { mediaRoutes } from './routes/media';
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';
import { tapRoutes } from './routes/taps';

/**
 * No request body we accept elsewhere comes near this. The routes that take files set their own
 * limits: the two lead routes (src/routes/api.ts: smaller for text, larger for a post carrying
 * photos) and the admin's picture uploads (src/http/body-limit.ts).
 */
const MAX_BODY_BYTES = 64 * 1024;
const appBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, 413) });

// Wiring only: middleware here, each route group in src/routes.
// LinearRouter: nothing to compile when the isolate starts (the default router builds one regular
// expression from every route on the first request); a few dozen routes are matched in a loop.
const app = new Hono<AppEnv>({ router: new LinearRouter() });

app.use(requestLog);
// Before anything that may answer with an error page: every page renders through c.render.
app.use(pageRenderer);
// First, so a kept page (which carries every header below) is answered without the rest.
app.use(pageCache);
app.use(securityHeaders);
app.use(canonicalPath);
app.use(refuseOtherMethods(app));
app.use(exceptUploadRoutes(appBodyLimit));
// HTML forms can only send GET and POST across sites; other methods need a CORS preflight,
// which this site never grants, and answer 405 below.
const refuseCrossSiteForms = csrf();
app.use((c, next) => (c.req.method === 'POST' ? refuseCrossSiteForms(c, next) : next()));

app.route('/', seoRoutes);
app.route('/', pageRoutes);
app.route('/', blogRoutes);
app.route('/', mediaRoutes);
app.route('/', mapRoutes);
app.route('/', apiRoutes);
app.route('/', tapRoutes);
// The admin's code is evaluated only when an admin path is asked for: esbuild keeps a module that
// is only imported dynamically uninitialised in the bundle until that import runs.
const admin: Handler<AppEnv> = async (c) => {
  const { adminApp } = await import('./admin/app');
  return adminApp.fetch(c.req.raw, c.env, executionContextOf(c));
};
app.all('/admin', admin);
app.all('/admin/*', admin);

app.notFound(notFound);
app.onError(onError);

/** A bare app.request in a test has no execution context; workerd always gives one. */
function executionContextOf(c: Context<AppEnv>): Context['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    // Independent: each logs its own failure, and neither waits for or stops the other.
    ctx.waitUntil(retryUnsentLeads(env));
    ctx.waitUntil(deleteLeadsPastRetention(env));
  },
} satisfies ExportedHandler<Bindings>;
