import { type Context, type Handler, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import type { AppEnv, Bindings } from './env';
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
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';
import { tapRoutes } from './routes/taps';

/** No request body we accept comes near this; each form route sets its own, smaller limit. */
const MAX_BODY_BYTES = 64 * 1024;

// Wiring only: middleware here, each route group in src/routes.
const app = new Hono<AppEnv>();

app.use(requestLog);
// Before anything that may answer with an error page: every page renders through c.render.
app.use(pageRenderer);
// First, so a kept page (which carries every header below) is answered without the rest.
app.use(pageCache);
app.use(securityHeaders);
app.use(canonicalPath);
app.use(refuseOtherMethods(app));
app.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, 413) }));
// HTML forms can only send GET and POST across sites; other methods need a CORS preflight,
// which this site never grants, and answer 405 below.
const refuseCrossSiteForms = csrf();
app.use((c, next) => (c.req.method === 'POST' ? refuseCrossSiteForms(c, next) : next()));

app.route('/', seoRoutes);
app.route('/', pageRoutes);
app.route('/', blogRoutes);
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
