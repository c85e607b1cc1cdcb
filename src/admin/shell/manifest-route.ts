import { Hono } from 'hono';
import { declareAccess } from '../auth/access';
import { ADMIN_ICONS, ADMIN_THEME_COLOR } from './icons';
import type { AdminEnv } from './render';

/**
 * The installable admin: a web manifest scoped to /admin, so the owner adds it to a phone's home
 * screen and it opens on its own, like an app (no service worker needed). Open without a
 * session: browsers fetch manifests without cookies. The name comes from the current content.
 */
export const manifestRoutes = new Hono<AdminEnv>();
/** Browsers fetch the web manifest without cookies. */
declareAccess(manifestRoutes, { who: 'open' });

manifestRoutes.get('/admin/manifest.webmanifest', (c) => {
  const site = c.var.content.site;
  const body = {
    name: `${site.shortName} admin`,
    short_name: `${site.shortName} admin`.slice(0, 24),
    description: `Leads, jobs, quotes, invoices and posts for ${site.name}.`,
    id: '/admin',
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: ADMIN_THEME_COLOR,
    icons: [
      { src: ADMIN_ICONS[192], sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ADMIN_ICONS[512], sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
});
