import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PICTURE_BYTES } from '../media/picture-rules';
import { errorResponse } from './errors';
import { isLeadPostPath } from './paths';

/**
 * Request bodies are capped at 64 KB for the whole Worker, except on the routes that take files.
 * The two lead routes set their own limits (`apiRoutes`: smaller for text, larger for a
 * post carrying photos). The admin applies this same limit itself, and UPLOAD_BODY_BYTES on the
 * routes whose group declares uploads (`declareAccess`), once the session is proven
 * (`adminBodyLimit`): so no one else can send a large body, and the admin answers
 * with its own page or JSON.
 */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The editor form can carry two pictures (a cover and one for the text) with up to 50,000
 * characters of text; each picture is judged again on its own (10 MB, `checkPicture`).
 */
export const UPLOAD_BODY_BYTES = 2 * MAX_PICTURE_BYTES + 512 * 1024;

/** The 64 KB limit, refused with the site's 413 page. */
export const siteBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, 413) });

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** Runs `limit` on every request except those with limits of their own: the two lead routes and the admin. */
export const exceptOwnLimits =
  (limit: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    isAdminPath(c.req.path) || isLeadPostPath(c.req.path) ? next() : limit(c, next);
