import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { LinearRouter } from 'hono/router/linear-router';
import type { AppEnv, Bindings } from './env';
import { exceptOwnLimits, siteBodyLimit } from './http/body-limit';
import { notFound, onError, withErrorPage } from './http/errors';
import { handOver } from './http/execution';
import { refuseOtherMethods } from './http/wrong-method';
import { canonicalPath } from './middleware/canonical-path';
import { declaredCaching } from './middleware/declared-caching';
import { securityHeaders } from './middleware/security';
import { renderErrorPage } from './pages/ErrorPage';
import { pageRenderer } from './render/renderer';
import { apiRoutes } from './routes/api';
import { blogRoutes } from './routes/blog';
import { publicCaching } from './routes/caching';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { mapRoutes } from './routes/map';
import { mediaRoutes } from './routes/media';
import { pageRoutes } from './routes/pages';
import { postcodeCheckRoutes } from './routes/postcode-check';
import { checkoutFormAction, requestRoutes } from './routes/requests';
import { seoRoutes } from './routes/seo';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { tapRoutes } from './routes/taps';
import { withContent } from './site-content/middleware';

// The site behind the front door (the Worker's fetch handler): evaluated on the first request the page cache
// cannot answer. Wiring only: middleware here, each route group in src/routes.
// LinearRouter: nothing to compile when the isolate starts (the default router builds one regular
// expression from every route on the first request); a few dozen routes are matched in a loop.
export const siteApp = new Hono<AppEnv>({ router: new LinearRouter() });

// Before anything that may answer with an error page: every page renders through c.render, from
// the current content revision; an error answers with the site's error page.
siteApp.use(withErrorPage(renderErrorPage));
siteApp.use(withContent);
// Outside the renderer: every answer's Cache-Control comes from its route's declaration.
siteApp.use(declaredCaching(publicCaching));
siteApp.use(pageRenderer);
siteApp.use('/r/*', checkoutFormAction);
siteApp.use(securityHeaders);
siteApp.use(canonicalPath);
siteApp.use(refuseOtherMethods(siteApp));
siteApp.use(exceptOwnLimits(siteBodyLimit));
// HTML forms can only send GET and POST across sites; other methods need a CORS preflight,
// which this site never grants, and answer 405 below.
const refuseCrossSiteForms = csrf();
siteApp.use((c, next) => (c.req.method === 'POST' ? refuseCrossSiteForms(c, next) : next()));

siteApp.route('/', seoRoutes);
siteApp.route('/', pageRoutes);
siteApp.route('/', postcodeCheckRoutes);
siteApp.route('/', blogRoutes);
siteApp.route('/', mediaRoutes);
siteApp.route('/', mapRoutes);
siteApp.route('/', apiRoutes);
siteApp.route('/', tapRoutes);
siteApp.route('/', requestRoutes);
siteApp.route('/', calendarFeedRoutes);
siteApp.route('/', stripeWebhookRoutes);
// The admin's code is evaluated only when an admin path is asked for; it renders the site (a
// preview, the pages kept after an edit) through the function handed to it here.
let adminApp: Promise<Pick<Hono<AppEnv>, 'fetch'>> | undefined;
const admin = handOver(() => {
  adminApp ??= import('./admin/app').then(({ createAdminApp }) =>
    createAdminApp(async (request, env, ctx) => siteApp.fetch(request, env, ctx)),
  );
  return adminApp;
});
siteApp.all('/admin', admin);
siteApp.all('/admin/*', admin);

siteApp.notFound(notFound);
siteApp.onError(onError);

/** An error in the front door's own code, answered as the site answers its own. */
export function answerFrontDoorError(
  error: Error,
  request: Request,
  env: Bindings,
  ctx: ExecutionContext | undefined,
): Response | Promise<Response> {
  const app = new Hono<AppEnv>({ router: new LinearRouter() });
  app.use(withErrorPage(renderErrorPage));
  app.use(withContent);
  app.use(pageRenderer);
  app.all('*', () => {
    throw error;
  });
  app.onError(onError);
  return app.fetch(request, env, ctx);
}
