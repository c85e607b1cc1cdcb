import type { StoredPhoto } from '../db/leads';
import { errorText, log } from '../log';
import { IMAGE_EXTENSIONS } from '../media/sniff';
import type { AcceptedPhoto } from './photos';

/**
 * Lead photos in R2, under the private prefix leads/ (the public media route serves only
 * media/; the owner's admin streams these behind the session). Keys carry the lead's id and a
 * hash of the bytes: leads/<lead id>/<n>-<sha-256>.<ext>.
 */
export const LEAD_PHOTO_PREFIX = 'leads/';

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function leadPhotoKey(leadId: string, position: number, bytes: ArrayBuffer, type: AcceptedPhoto['type']) {
  const hash = hex(await crypto.subtle.digest('SHA-256', bytes));
  return `${LEAD_PHOTO_PREFIX}${leadId}/${position}-${hash}.${IMAGE_EXTENSIONS[type]}`;
}

/**
 * Writes a lead's photos, in order. If any write fails, the ones already written are deleted and
 * the error is thrown: a lead is never stored with half its photos.
 */
export async function putLeadPhotos(bucket: R2Bucket, leadId: string, photos: readonly AcceptedPhoto[]): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  try {
    for (const [index, photo] of photos.entries()) {
      const bytes = await photo.file.arrayBuffer();
      const key = await leadPhotoKey(leadId, index + 1, bytes, photo.type);
      await bucket.put(key, bytes, { httpMetadata: { contentType: photo.type } });
      stored.push({ position: index + 1, key, contentType: photo.type, bytes: bytes.byteLength });
    }
    return stored;
  } catch (error) {
    await deletePhotoObjects(
      bucket,
      stored.map((photo) => photo.key),
    ).catch((cleanup: unknown) =>
      log.error('lead photos written before a failure could not be deleted', { id: leadId, error: errorText(cleanup) }),
    );
    throw error;
  }
}

/** R2 deletes at most 1,000 keys in one call. */
const DELETE_BATCH = 1000;

/** Deletes these objects (a key already gone is no error). */
export async function deletePhotoObjects(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_BATCH) await bucket.delete(keys.slice(i, i + DELETE_BATCH));
}
