import type { MiddlewareHandler } from 'hono';
import { MAX_PICTURE_BYTES } from '../media/picture-rules';
import { isLeadPostPath } from './paths';

/**
 * Request bodies are capped at 64 KB for the whole Worker (src/index.ts), except on the few
 * admin routes that take picture files. Those get UPLOAD_BODY_BYTES instead, applied by the
 * admin's guard once the owner's session is proven (src/admin/shell/upload-limit.tsx), so no
 * one else can send a large body and the admin answers with its own page or JSON. Both sides ask
 * isUploadRoute, so they cannot disagree about which routes these are.
 */

/**
 * The editor form can carry two pictures (a cover and one for the text) with up to 50,000
 * characters of text; each picture is judged again on its own (10 MB, src/media/picture-upload.ts).
 */
export const UPLOAD_BODY_BYTES = 2 * MAX_PICTURE_BYTES + 512 * 1024;

/**
 * The editor form (new post, existing post), the Media page's upload form, the editor's upload
 * API, and its live preview (which sends the same text as the editor form: up to 50,000
 * characters, more than 64 KB once they are not all ASCII).
 */
const UPLOAD_PATH = /^\/admin\/(?:posts(?:\/[1-9]\d{0,9})?|media|api\/media|api\/preview)$/;

export const isUploadRoute = (method: string, path: string) => method === 'POST' && UPLOAD_PATH.test(path);

/** Runs `limit` on every request except those with limits of their own: the upload routes and the two lead routes. */
export const exceptUploadRoutes =
  (limit: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    isUploadRoute(c.req.method, c.req.path) || isLeadPostPath(c.req.path) ? next() : limit(c, next);
