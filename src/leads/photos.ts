import { type ImageType, sniffFile } from '../media/sniff';
import { MAX_PHOTOS, PHOTO_MESSAGES, photoRuleBroken } from '../rules/photos';

/** The photos of a submission, judged on the bytes received: the Worker's final word on them. */

export interface AcceptedPhoto {
  file: File;
  type: ImageType;
}

export type PhotoCheck = { ok: true; photos: AcceptedPhoto[] } | { ok: false; status: 400 | 413; message: string };

const isFile = (value: unknown): value is File => value instanceof File;

/**
 * Checks what the request carried in the photos field (an array of files from a form post,
 * src/leads/request-body.ts; anything else is refused): count, empty files, the type from the
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
