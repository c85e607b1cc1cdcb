import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { IMMUTABLE } from '../http/cache-control';
import { errorResponse } from '../http/errors';
import { parseMediaName } from '../media/keys';

/**
 * Post pictures from the MEDIA bucket, on our own origin: '/media/<name>' serves the object
 * 'media/<name>' and nothing else. The name must be exactly one of ours (content hash, size,
 * extension), so no '../', no other prefix (the private lead photos under 'leads/') and no
 * other file type can ever be asked for. Served as the type judged at upload, never sniffed by
 * the browser (nosniff), never run as a document (sandboxed CSP, `securityHeaders`),
 * and cached for a year: the bytes behind a name never change. The page cache leaves these alone.
 */
export const mediaRoutes = new Hono<AppEnv>();

mediaRoutes.get('/media/:name', async (c) => {
  const picture = parseMediaName(c.req.param('name'));
  if (!picture) return errorResponse(c, 404);
  const etag = `"${picture.hash}"`;
  const headers = new Headers({
    'Content-Type': picture.type,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  });
  // The name is the content's hash: a browser holding this ETag holds these bytes.
  const known = c.req.header('if-none-match');
  if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') {
    const head = await c.env.MEDIA.head(picture.key);
    if (!head) return errorResponse(c, 404);
    headers.set('Content-Length', String(head.size));
    return new Response(null, { status: 200, headers });
  }
  const object = await c.env.MEDIA.get(picture.key);
  if (!object) return errorResponse(c, 404);
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers });
});
