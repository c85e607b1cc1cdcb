import { log } from '../log';
import { readImageSize } from '../media/dimensions';
import { SNIFF_BYTES, sniffFile, sniffImageType } from '../media/sniff';
import type { ImageType } from '../rules/image-type';
import {
  MAX_PHOTOS,
  PHOTO_MESSAGES,
  photoRuleBroken,
  SMALL_PHOTO_MAX_BYTES,
  SMALL_PHOTO_SIDE,
  SMALL_PHOTO_TYPES,
  smallPhotoField,
} from '../rules/photos';

/** The photos of a submission, judged on the bytes received: the Worker's final word on them. */

/** A photo's small version, checked: its bytes, its type and its drawn size from its headers. */
interface SmallPhoto {
  bytes: ArrayBuffer;
  type: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export interface AcceptedPhoto {
  file: File;
  type: ImageType;
  /** The small version the browser sent with it, for the admin's thumbnails. */
  small?: SmallPhoto;
}

export type PhotoCheck = { ok: true; photos: AcceptedPhoto[] } | { ok: false; status: 400 | 413; message: string };

const isFile = (value: unknown): value is File => value instanceof File;

/**
 * Checks what the request carried in the photos field (an array of files from a form post,
 * `readLeadBody`; anything else is refused): count, empty files, the type from the
 * first bytes, the sizes. Too large is 413, every other rule 400.
 */
export async function checkPhotos(value: unknown): Promise<PhotoCheck> {
  if (value === undefined) return { ok: true, photos: [] };
  if (!Array.isArray(value) || !value.every(isFile)) return { ok: false, status: 400, message: PHOTO_MESSAGES.notFiles };
  // Counted before any file is read: a request with 500 files costs no more than one with 4.
  if (value.length > MAX_PHOTOS) return { ok: false, status: 400, message: PHOTO_MESSAGES.tooMany };
  const candidates = await Promise.all(
    value.map(async (file) => ({ file, name: file.name, size: file.size, type: await sniffFile(file) })),
  );
  const broken = photoRuleBroken(candidates);
  if (broken)
    return { ok: false, status: broken.rule === 'size' || broken.rule === 'total' ? 413 : 400, message: broken.message };
  return { ok: true, photos: candidates.map(({ file, type }) => ({ file, type: type! })) };
}

export type SmallPhotoCheck =
  | { ok: true; small: SmallPhoto }
  | { ok: false; rule: 'not a file' | 'size' | 'type' | 'dimensions' };

/**
 * A small version as an upload like any other: a file of at most SMALL_PHOTO_MAX_BYTES (checked
 * before it is read), JPEG or WebP by its first bytes, and a size in its headers (nothing is
 * decoded) no longer than SMALL_PHOTO_SIDE on either side.
 */
export async function checkSmallPhoto(value: unknown): Promise<SmallPhotoCheck> {
  if (!isFile(value) || value.size === 0) return { ok: false, rule: 'not a file' };
  if (value.size > SMALL_PHOTO_MAX_BYTES) return { ok: false, rule: 'size' };
  const bytes = await value.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(SNIFF_BYTES, bytes.byteLength));
  const type = sniffImageType(head);
  if (!type || !SMALL_PHOTO_TYPES.includes(type)) return { ok: false, rule: 'type' };
  const size = readImageSize(new Uint8Array(bytes), type);
  if (!size || Math.max(size.width, size.height) > SMALL_PHOTO_SIDE) return { ok: false, rule: 'dimensions' };
  return { ok: true, small: { bytes, type: type as SmallPhoto['type'], ...size } };
}

/**
 * Each accepted photo with the small version posted beside it (smallPhoto<n>), when it passes
 * checkSmallPhoto. One that does not is dropped and the photo kept: the small version is the
 * browser's extra, never a reason to refuse the customer's request, and the admin shows the
 * original without it (docs/decisions/014-lead-photos-bytes-judged-written-first-deleted-with-the.md). A small version without its photo is ignored.
 */
export async function withSmallPhotos(photos: readonly AcceptedPhoto[], body: Record<string, unknown>): Promise<AcceptedPhoto[]> {
  return Promise.all(
    photos.map(async (photo, index) => {
      const value = body[smallPhotoField(index + 1)];
      if (value === undefined) return photo;
      const check = await checkSmallPhoto(value);
      if (check.ok) return { ...photo, small: check.small };
      log.warn('small version of a lead photo dropped', { position: index + 1, rule: check.rule });
      return photo;
    }),
  );
}
