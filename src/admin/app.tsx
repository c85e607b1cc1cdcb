import { Hono } from 'hono';
import { leadRoutes } from './leads/routes';
import { mediaRoutes } from './media/routes';
import { postRoutes } from './posts/routes';
import { adminGuard, adminHeaders } from './shell/guard';
import type { AdminEnv } from './shell/render';
import { authRoutes } from './sign-in/routes';

/**
 * The owner's admin under /admin: sign-in, posts, media (pictures) and leads. Every request passes the headers
 * middleware (noindex, no-store) and the guard (closed without ADMIN_TOKEN, session cookie,
 * CSRF token on POST) before any route runs, including paths that turn out not to exist.
 */
export const adminRoutes = new Hono<AdminEnv>();

// '/admin/*' matches /admin itself too.
adminRoutes.use('/admin/*', adminHeaders, adminGuard);

adminRoutes.get('/admin', (c) => c.redirect('/admin/posts', 303));
adminRoutes.route('/', authRoutes);
adminRoutes.route('/', postRoutes);
adminRoutes.route('/', mediaRoutes);
adminRoutes.route('/', leadRoutes);
