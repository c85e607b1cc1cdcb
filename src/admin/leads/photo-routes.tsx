import type { Context } from 'hono';
import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findPhoto, photosForLeads, recordSmallVersion } from '../../db/lead-photos';
import { findLead } from '../../db/leads';
import { NO_STORE } from '../../http/cache-control';
import { errorResponse } from '../../http/errors';
import { leadReference } from '../../leads/lead-summary';
import { leadPhotoKey } from '../../leads/photo-store';
import { checkSmallPhoto } from '../../leads/photos';
import { errorText, log } from '../../log';
import { IMAGE_EXTENSIONS } from '../../media/sniff';
import type { ImageType } from '../../rules/image-type';
import { declareAccess } from '../auth/access';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { mayShowPhotosOf } from './engineer-access';
import { DISPLAYABLE } from './LeadPhotos';
import { PhotoViewer } from './PhotoViewer';
import { leadIdOf } from './paths';

/**
 * A lead's photos, streamed from R2 to the signed-in owner only (the admin's guard has checked
 * the session before this runs; anyone else is sent to sign in). The type is the one judged from
 * the bytes when the photo arrived, never sniffed again by the browser, and nothing is cached.
 * Each photo's small version (the admin's thumbnails), when the customer's browser sent one, is
 * streamed the same way from .../small; for a photo without one, the owner's browser draws it
 * from the photo on the lead page and posts it there (the SmallPhotos island). Each photo can
 * also be viewed alone, filling the screen (PhotoViewer).
 */
export const leadPhotoRoutes = new Hono<AdminEnv>();
const SMALL_PATH = '/admin/leads/:id/photos/:position{[1-9]}/small';
const PHOTO_PATH = '/admin/leads/:id/photos/:position{[1-9]}';
const VIEW_PATH = '/admin/leads/:id/photos/:position{[1-9]}/view';
/**
 * A lead's photos, for everyone who works on leads, and for an engineer the photos of a job given
 * to them (each handler checks: any other lead's photo is a 404); a small version is posted as an
 * upload (up to 150 KB).
 */
declareAccess(leadPhotoRoutes, {
  who: 'staff',
  except: { [PHOTO_PATH]: 'engineer', [SMALL_PATH]: 'engineer', [VIEW_PATH]: 'engineer' },
  uploads: [SMALL_PATH],
});

async function streamPhoto(c: Context<AdminEnv>, version: 'original' | 'small') {
  const id = leadIdOf(c);
  const position = Number(c.req.param('position'));
  const photo = id && (await mayShowPhotosOf(c, id)) ? await findPhoto(d1Database(c.env), id, position) : undefined;
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

leadPhotoRoutes.get(PHOTO_PATH, (c) => streamPhoto(c, 'original'));
leadPhotoRoutes.get(SMALL_PATH, (c) => streamPhoto(c, 'small'));

const answer = (c: Context<AdminEnv>, status: 200 | 201 | 400 | 404, body: object) =>
  c.json(body, status, { 'Cache-Control': NO_STORE });

/**
 * A small version drawn by the owner's browser, for a photo sent without one (no JavaScript on
 * the form, or stored before small versions existed). The guard has checked the session, the
 * origin and the CSRF token; the file is judged as the form's are (`checkPhotos`). Written
 * to R2 first, then listed on the row only if the photo is still there and still has none;
 * otherwise (already drawn by another view, or the lead deleted meanwhile) the object goes again.
 */
leadPhotoRoutes.post(SMALL_PATH, async (c) => {
  const id = leadIdOf(c);
  const position = Number(c.req.param('position'));
  const db = d1Database(c.env);
  const photo = id && (await mayShowPhotosOf(c, id)) ? await findPhoto(db, id, position) : undefined;
  if (!id || !photo) return answer(c, 404, { error: 'No such photo.' });
  if (photo.smallKey) return answer(c, 200, { ok: true });
  if (!DISPLAYABLE.has(photo.contentType)) return answer(c, 400, { error: 'This photo cannot be drawn in a browser.' });
  const check = await checkSmallPhoto((await c.req.parseBody()).small);
  if (!check.ok) {
    log.warn('small version of a lead photo refused', { id, position, rule: check.rule });
    return answer(c, 400, { error: `The small version was refused (${check.rule}).` });
  }
  const { bytes, type, width, height } = check.small;
  const key = await leadPhotoKey(id, position, bytes, type, 'small');
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type } });
  let recorded = false;
  try {
    recorded = await recordSmallVersion(db, id, position, {
      smallKey: key,
      smallType: type,
      smallWidth: width,
      smallHeight: height,
    });
  } finally {
    // Not listed (or D1 failed): the object goes, unless the row lists these same bytes already.
    if (!recorded && (await findPhoto(db, id, position).catch(() => undefined))?.smallKey !== key) {
      await c.env.MEDIA.delete(key).catch((error: unknown) =>
        log.error('small version of a lead photo could not be deleted', { id, position, error: errorText(error) }),
      );
    }
  }
  return answer(c, recorded ? 201 : 200, { ok: true });
});

leadPhotoRoutes.get(VIEW_PATH, async (c) => {
  const id = leadIdOf(c);
  if (!id || !(await mayShowPhotosOf(c, id))) return errorResponse(asAppContext(c), 404);
  const db = d1Database(c.env);
  const [lead, photos] = await Promise.all([findLead(db, id), photosForLeads(db, [id])]);
  const photo = photos.find((p) => p.position === Number(c.req.param('position')));
  if (!lead || !photo) return errorResponse(asAppContext(c), 404);
  return renderAdmin(
    <PhotoViewer leadId={id} name={lead.name} photos={photos} photo={photo} zoom={c.req.query('zoom') === '1'} />,
    signedIn(c, `Photos: ${lead.name}`, c.var.person.role === 'engineer' ? 'schedule' : 'leads'),
  );
});
