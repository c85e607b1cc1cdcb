import type { StoredPhoto } from '../db/leads';
import { errorText, log } from '../log';
import { IMAGE_EXTENSIONS } from '../media/sniff';
import type { AcceptedPhoto } from './photos';

/**
 * Lead photos in R2, under the private prefix leads/ (the public media route serves only
 * media/; the owner's admin streams these behind the session). Keys carry the lead's id and a
 * hash of the bytes: leads/<lead id>/<n>-<sha-256>.<ext>, and a photo's small version (for the
 * admin's thumbnails) leads/<lead id>/<n>-small-<sha-256>.<ext>.
 */
const LEAD_PHOTO_PREFIX = 'leads/';

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function leadPhotoKey(
  leadId: string,
  position: number,
  bytes: ArrayBuffer,
  type: AcceptedPhoto['type'],
  version: 'original' | 'small' = 'original',
) {
  const hash = hex(await crypto.subtle.digest('SHA-256', bytes));
  const name = version === 'small' ? `${position}-small-${hash}` : `${position}-${hash}`;
  return `${LEAD_PHOTO_PREFIX}${leadId}/${name}.${IMAGE_EXTENSIONS[type]}`;
}

/** Every R2 object of these photos: each original and its small version, if it has one. */
export const photoObjectKeys = (photos: readonly Pick<StoredPhoto, 'key' | 'smallKey'>[]) =>
  photos.flatMap((photo) => (photo.smallKey ? [photo.key, photo.smallKey] : [photo.key]));

/**
 * Writes a lead's photos, in order, each with its small version when it has one. If any write
 * fails, the objects already written are deleted and the error is thrown: a lead is never stored
 * with half its photos.
 */
export async function putLeadPhotos(bucket: R2Bucket, leadId: string, photos: readonly AcceptedPhoto[]): Promise<StoredPhoto[]> {
  const written: string[] = [];
  const put = async (key: string, bytes: ArrayBuffer, contentType: string) => {
    await bucket.put(key, bytes, { httpMetadata: { contentType } });
    written.push(key);
  };
  const stored: StoredPhoto[] = [];
  try {
    for (const [index, photo] of photos.entries()) {
      const position = index + 1;
      const bytes = await photo.file.arrayBuffer();
      const key = await leadPhotoKey(leadId, position, bytes, photo.type);
      await put(key, bytes, photo.type);
      const { small } = photo;
      const smallKey = small ? await leadPhotoKey(leadId, position, small.bytes, small.type, 'small') : null;
      if (small && smallKey) await put(smallKey, small.bytes, small.type);
      stored.push({
        position,
        key,
        contentType: photo.type,
        bytes: bytes.byteLength,
        smallKey,
        smallType: small?.type ?? null,
        smallWidth: small?.width ?? null,
        smallHeight: small?.height ?? null,
      });
    }
    return stored;
  } catch (error) {
    await deletePhotoObjects(bucket, written).catch((cleanup: unknown) =>
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
