import { Hono } from 'hono';
import { authRoutes } from '../admin/auth-routes';
import { adminGuard, adminHeaders } from '../admin/guard';
import { leadRoutes } from '../admin/lead-routes';
import { postRoutes } from '../admin/post-routes';
import type { AdminEnv } from '../admin/render';

/**
 * The owner's admin under /admin: sign-in, posts and leads. Every request passes the headers
 * middleware (noindex, no-store) and the guard (closed without ADMIN_TOKEN, session cookie,
 * CSRF token on POST) before any route runs, including paths that turn out not to exist.
 */
export const adminRoutes = new Hono<AdminEnv>();

// '/admin/*' matches /admin itself too.
adminRoutes.use('/admin/*', adminHeaders, adminGuard);

adminRoutes.get('/admin', (c) => c.redirect('/admin/posts', 303));
adminRoutes.route('/', authRoutes);
adminRoutes.route('/', postRoutes);
adminRoutes.route('/', leadRoutes);
