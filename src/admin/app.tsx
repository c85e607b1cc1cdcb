import { type ExecutionContext, Hono } from 'hono';
import type { Bindings } from '../env';
import { notFound, onError, withErrorPage } from '../http/errors';
import { executionContextOf } from '../http/execution';
import { refuseOtherMethods } from '../http/wrong-method';
import { renderErrorPage } from '../pages/ErrorPage';
import { pageRenderer } from '../render/renderer';
import { withContent } from '../site-content/middleware';
import { alertRoutes } from './alerts/routes';
import { auditRoutes } from './audit/routes';
import { adminBodyLimit } from './auth/body-limit';
import { adminGuard, adminHeaders } from './auth/guard';
import { passkeyRoutes } from './auth/passkey-routes';
import { authRoutes } from './auth/sign-in-routes';
import { dashboardRoutes } from './dashboard/routes';
import { deviceRoutes } from './devices/routes';
import { invoiceRoutes } from './invoices/routes';
import { leadActionRoutes } from './leads/action-routes';
import { leadOwnerRoutes } from './leads/owner-routes';
import { leadPhotoRoutes } from './leads/photo-routes';
import { leadRoutes } from './leads/routes';
import { mediaRoutes } from './media/routes';
import { checklistRoutes } from './onsite/checklist-routes';
import { siteRoutes as onSiteRoutes } from './onsite/routes';
import { jobSheetRoutes } from './onsite/sheet-routes';
import { moneyExportRoutes } from './payments/export-routes';
import { paymentRoutes } from './payments/routes';
import { inviteRoutes } from './people/invite-routes';
import { peopleRoutes } from './people/routes';
import { postRoutes } from './posts/routes';
import { quoteRoutes } from './quotes/routes';
import { calendarFeedAdminRoutes } from './schedule/calendar-routes';
import { scheduleRoutes } from './schedule/routes';
import { manifestRoutes } from './shell/manifest-route';
import { type AdminEnv, asAppContext } from './shell/render';
import { siteRoutes } from './site/routes';

/**
 * The owner's admin under /admin: sign-in, the dashboard (its first page), posts, media
 * (pictures), leads (their photos, the CSV) and their privacy tools. Every request passes the
 * headers middleware (noindex, no-store), the body limit and the guard (closed without
 * ADMIN_TOKEN, session cookie, CSRF token on POST) before any route runs, including paths that
 * turn out not to exist. Each route group declares who may reach it beside its routes
 * (`declareAccess`); a group mounted here without one is refused to all.
 *
 * Made by the app that mounts it, which hands in how the public site answers a request
 * (renderSite: a preview, the pages kept after an edit): the admin never imports the app.
 */
export function createAdminApp(
  renderSite: (request: Request, env: Bindings, ctx: ExecutionContext | undefined) => Promise<Response>,
): Hono<AdminEnv> {
  const adminApp = new Hono<AdminEnv>();

  adminApp.use(async (c, next) => {
    c.set('renderSite', (request) => renderSite(request, c.env, executionContextOf(c)));
    await next();
  });
  // Loaded on demand by the app, so it is an app of its own: the site's renderer (the preview
  // and error pages are public documents), its own 405s, 404s and error handler.
  adminApp.use(withErrorPage(renderErrorPage));
  adminApp.use(withContent);
  adminApp.use(pageRenderer);
  adminApp.use(refuseOtherMethods(adminApp));
  // '/admin/*' matches /admin itself too.
  adminApp.use('/admin/*', adminHeaders, adminBodyLimit, adminGuard);

  adminApp.route('/', authRoutes);
  adminApp.route('/', dashboardRoutes);
  adminApp.route('/', scheduleRoutes);
  adminApp.route('/', calendarFeedAdminRoutes);
  adminApp.route('/', postRoutes);
  adminApp.route('/', mediaRoutes);
  adminApp.route('/', leadRoutes);
  adminApp.route('/', leadActionRoutes);
  adminApp.route('/', leadPhotoRoutes);
  adminApp.route('/', leadOwnerRoutes);
  adminApp.route('/', onSiteRoutes);
  adminApp.route('/', jobSheetRoutes);
  adminApp.route('/', checklistRoutes);
  adminApp.route('/', quoteRoutes);
  adminApp.route('/', invoiceRoutes);
  adminApp.route('/', paymentRoutes);
  adminApp.route('/', moneyExportRoutes);
  adminApp.route('/', siteRoutes);
  adminApp.route('/', deviceRoutes);
  adminApp.route('/', alertRoutes);
  adminApp.route('/', passkeyRoutes);
  adminApp.route('/', auditRoutes);
  adminApp.route('/', peopleRoutes);
  adminApp.route('/', inviteRoutes);
  adminApp.route('/', manifestRoutes);

  adminApp.notFound((c) => notFound(asAppContext(c)));
  adminApp.onError((error, c) => onError(error, asAppContext(c)));
  return adminApp;
}
