import type { Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findLead } from '../../db/leads';
import {
  findSignature,
  findSiteMedia,
  type ItemBase,
  insertSiteMedia,
  insertSiteSignature,
  itemStored,
} from '../../db/site-work';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { IMAGE_EXTENSIONS, SNIFF_BYTES, sniffImageType } from '../../media/sniff';
import { sniffVideoType, VIDEO_EXTENSIONS } from '../../media/video-sniff';
import {
  MAX_SIGNATURE_BYTES,
  MAX_SITE_PHOTO_BYTES,
  MAX_SITE_VIDEO_BYTES,
  MEDIA_LIMITS_TEXT,
  readItemKey,
  readSignature,
  readStage,
} from '../../rules/site-items';
import { mayShowPhotosOf } from '../leads/engineer-access';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import { type AdminEnv, asAppContext } from '../shell/render';
import { answerRefused, answerStored, type Refusal } from './answers';

/**
 * The on-site uploads (photos, short videos, the signature) and their private streams: stored in
 * R2 under site/<lead id>/<item key>, the type judged from the first bytes (never the browser's
 * word), served only to someone signed in who may see the job, never cached, always as a
 * download-safe type with nosniff. Nothing executable: only pictures and videos are stored.
 */

type ReadItem = (c: Context<AdminEnv>, body: Record<string, unknown>) => Promise<{ ok: true; base: ItemBase } | Refusal>;

const refused = (status: Refusal['status'], message: string): Refusal => ({ ok: false, status, message });

export const SITE_UPLOAD_PATHS = (site: string) => [`${site}/media`, `${site}/signature`];

const GONE: Refusal = refused(404, 'That job no longer exists.');

/**
 * Writes the file to R2, then lists it on its row. When no row was written (the job deleted or
 * erased between the check and the insert, so its key no longer exists, or D1 failed), the object
 * is deleted again unless a row lists it already (a replay of the same item that got there
 * first): no file is kept that nothing points at, since nothing else would ever delete it.
 */
async function putThenList(
  c: Context<AdminEnv>,
  { leadId, key }: { leadId: string; key: string },
  put: () => Promise<unknown>,
  list: () => Promise<boolean>,
  listed: () => Promise<boolean>,
): Promise<{ ok: true; stored: boolean } | Refusal> {
  await put();
  let stored = false;
  try {
    stored = await list();
    return { ok: true, stored };
  } catch (error) {
    // A lead deleted meanwhile fails the row's foreign key: the job is gone. Anything else is thrown on.
    if (await findLead(d1Database(c.env), leadId)) throw error;
    return GONE;
  } finally {
    if (!stored && !(await listed().catch(() => false))) {
      await c.env.MEDIA.delete(key).catch(() => log.error('an on-site file not listed could not be deleted', {}));
    }
  }
}

/** The file's first bytes, judged: a photo or a video within its limit, or why not. */
async function judgeMedia(file: File): Promise<{ ok: true; kind: 'photo' | 'video'; type: string; ext: string } | Refusal> {
  if (file.size === 0) return refused(422, 'That file is empty. Take the photo again.');
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const image = sniffImageType(head);
  if (image) {
    if (file.size > MAX_SITE_PHOTO_BYTES) return refused(413, `That photo is too large. ${MEDIA_LIMITS_TEXT}`);
    return { ok: true, kind: 'photo', type: image, ext: IMAGE_EXTENSIONS[image] };
  }
  const video = sniffVideoType(head);
  if (video) {
    if (file.size > MAX_SITE_VIDEO_BYTES) return refused(413, `That video is too large. ${MEDIA_LIMITS_TEXT}`);
    return { ok: true, kind: 'video', type: video, ext: VIDEO_EXTENSIONS[video] };
  }
  return refused(
    422,
    `That file is not a photo or video we can keep (JPEG, PNG, WebP, HEIC, MP4, MOV or WebM). ${MEDIA_LIMITS_TEXT}`,
  );
}

export function registerUploadRoutes(routes: Hono<AdminEnv>, site: string, readItem: ReadItem) {
  const [mediaPath, signaturePath] = SITE_UPLOAD_PATHS(site) as [string, string];

  routes.post(mediaPath, async (c) => {
    const body = await c.req.parseBody();
    const item = await readItem(c, body);
    if (!item.ok) return answerRefused(c, item);
    const db = d1Database(c.env);
    // A replay of an upload already stored: a success, without reading or storing the file again.
    if (await itemStored(db, item.base.itemKey)) return answerStored(c, item.base.leadId, false);
    const stage = readStage(body);
    if (!stage.ok) return answerRefused(c, stage);
    const file = body.file;
    if (!(file instanceof File)) return answerRefused(c, refused(422, 'Choose a photo or video to send.'));
    const judged = await judgeMedia(file);
    if (!judged.ok) return answerRefused(c, judged);
    const key = `site/${item.base.leadId}/${item.base.itemKey}.${judged.ext}`;
    const kept = await putThenList(
      c,
      { leadId: item.base.leadId, key },
      () => c.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType: judged.type } }),
      () =>
        insertSiteMedia(db, {
          ...item.base,
          key,
          kind: judged.kind,
          stage: stage.value,
          contentType: judged.type,
          bytes: file.size,
        }),
      () => itemStored(db, item.base.itemKey),
    );
    return kept.ok ? answerStored(c, item.base.leadId, kept.stored) : answerRefused(c, kept);
  });

  routes.post(signaturePath, async (c) => {
    const body = await c.req.parseBody();
    const item = await readItem(c, body);
    if (!item.ok) return answerRefused(c, item);
    const db = d1Database(c.env);
    if (await itemStored(db, item.base.itemKey)) return answerStored(c, item.base.leadId, false);
    const read = readSignature(body);
    if (!read.ok) return answerRefused(c, read);
    if (read.value.notPresent) {
      const stored = await insertSiteSignature(db, { ...item.base, key: null, typedName: '', notPresent: true });
      return answerStored(c, item.base.leadId, stored);
    }
    const { typedName } = read.value;
    const file = body.signature;
    if (!(file instanceof File) || file.size === 0)
      return answerRefused(c, refused(422, 'The signature is missing. Ask the customer to sign again.'));
    if (file.size > MAX_SIGNATURE_BYTES)
      return answerRefused(c, refused(413, 'That signature picture is too large (at most 512 KB).'));
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (sniffImageType(head) !== 'image/png') return answerRefused(c, refused(422, 'The signature must be a PNG picture.'));
    const key = `site/${item.base.leadId}/${item.base.itemKey}-signature.png`;
    const kept = await putThenList(
      c,
      { leadId: item.base.leadId, key },
      () => c.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType: 'image/png' } }),
      () => insertSiteSignature(db, { ...item.base, key, typedName, notPresent: false }),
      () => itemStored(db, item.base.itemKey),
    );
    return kept.ok ? answerStored(c, item.base.leadId, kept.stored) : answerRefused(c, kept);
  });

  /** A photo, video or signature, streamed to someone signed in who may see the job; any other is a 404. */
  const stream = (which: 'media' | 'signature') => async (c: Context<AdminEnv>) => {
    const id = c.req.param('id') ?? '';
    const itemKey = readItemKey({ item_key: c.req.param('item') });
    const db = d1Database(c.env);
    const row =
      itemKey.ok && (await mayShowPhotosOf(c, id))
        ? which === 'media'
          ? await findSiteMedia(db, id, itemKey.value)
          : await findSignature(db, id, itemKey.value)
        : undefined;
    const type = row && ('contentType' in row ? row.contentType : 'image/png');
    if (!row?.key || !type) return errorResponse(asAppContext(c), 404);
    const object = await c.env.MEDIA.get(row.key);
    if (!object) {
      log.warn('site item listed but missing from R2', { which });
      return errorResponse(asAppContext(c), 404);
    }
    return new Response(object.body, {
      headers: {
        ...ADMIN_HEADERS,
        'Content-Type': type,
        'Content-Length': String(object.size),
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
  routes.get(`${mediaPath}/:item`, stream('media'));
  routes.get(`${signaturePath}/:item`, stream('signature'));
}

/** Where the page shows a site photo, video or signature from. */
export const siteMediaPath = (leadId: string, itemKey: string) => `/admin/leads/${leadId}/site/media/${itemKey}`;
export const signaturePath = (leadId: string, itemKey: string) => `/admin/leads/${leadId}/site/signature/${itemKey}`;
