import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * One URL per page: a trailing slash or capital letters in the path redirect (301) to the
 * canonical lower-case path without the slash, keeping the query string.
 */
export const canonicalPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  let path = url.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  // Admin ids, the customer's signed request links (/r/<token>) and calendar feeds' tokens are case-sensitive.
  if (!path.startsWith('/admin') && !path.startsWith('/r/') && !path.startsWith('/calendar/')) path = path.toLowerCase();
  if (path === url.pathname) return next();
  // Collapse leading slashes so '//evil.example' can never become a protocol-relative redirect.
  const target = `/${path.replace(/^\/+/, '')}${url.search}`;
  return c.redirect(target, 301);
};
