import type { Context } from 'hono';
import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findPhoto } from '../../db/lead-photos';
import { errorResponse } from '../../http/errors';
import { leadReference } from '../../leads/lead-summary';
import { log } from '../../log';
import { IMAGE_EXTENSIONS, type ImageType } from '../../media/sniff';
import { declareAccess } from '../auth/access';
import { ADMIN_HEADERS, type AdminEnv, asAppContext } from '../shell/render';
import { leadIdOf } from './lead-id';

/**
 * A lead's photos, streamed from R2 to the signed-in owner only (the admin's guard has checked
 * the session before this runs; anyone else is sent to sign in). The type is the one judged from
 * the bytes when the photo arrived, never sniffed again by the browser, and nothing is cached.
 * Each photo's small version (the admin's thumbnails), when the customer's browser sent one, is
 * streamed the same way from .../small.
 */
export const leadPhotoRoutes = new Hono<AdminEnv>();
/** A lead's photos, for everyone who works on leads. */
declareAccess(leadPhotoRoutes, { who: 'staff' });

async function streamPhoto(c: Context<AdminEnv>, version: 'original' | 'small') {
  const id = leadIdOf(c);
  const position = Number(c.req.param('position'));
  const photo = id ? await findPhoto(d1Database(c.env), id, position) : undefined;
  const stored =
    version === 'original'
      ? photo && { key: photo.key, type: photo.contentType }
      : photo?.smallKey && photo.smallType && { key: photo.smallKey, type: photo.smallType };
  if (!id || !stored) return errorResponse(asAppContext(c), 404);
  const object = await c.env.MEDIA.get(stored.key);
  if (!object) {
    log.warn('lead photo listed but missing from R2', { id, position, version });
    return errorResponse(asAppContext(c), 404);
  }
  const extension = IMAGE_EXTENSIONS[stored.type as ImageType] ?? 'bin';
  const disposition = c.req.query('download') === '1' ? 'attachment' : 'inline';
  const name = `lead-${leadReference(id)}-photo-${position}${version === 'small' ? '-small' : ''}.${extension}`;
  return new Response(object.body, {
    headers: {
      ...ADMIN_HEADERS,
      'Content-Type': stored.type,
      'Content-Length': String(object.size),
      'Content-Disposition': `${disposition}; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

leadPhotoRoutes.get('/admin/leads/:id/photos/:position{[1-9]}', (c) => streamPhoto(c, 'original'));
leadPhotoRoutes.get('/admin/leads/:id/photos/:position{[1-9]}/small', (c) => streamPhoto(c, 'small'));
