import { sniffFile } from '../../src/media/sniff';
import type { ImageType } from '../../src/rules/image-type';
import {
  type PhotoCandidate,
  photoRuleBroken,
  SMALL_PHOTO_MAX_BYTES,
  SMALL_PHOTO_QUALITY,
  SMALL_PHOTO_SIDE,
} from '../../src/rules/photos';
import { CUSTOMER_PHOTO_SIDE, shrinkPhoto } from '../shrink-photo';
import type { PickedPhoto } from './picked-photo';

/**
 * Photos a visitor picks in a lead form, made ready to send and judged (usePhotoPicker.ts). Its
 * own chunk, fetched with the first photo picked: most requests carry no photo, so a form's first
 * start carries neither these rules nor the canvas code.
 */

/** What this browser can draw on a canvas, and so send smaller: not HEIC/HEIF outside Safari. */
const SHRINKABLE = new Set<ImageType>(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A photo longer than CUSTOMER_PHOTO_SIDE, drawn smaller as a JPEG (orientation kept); anything
 * else as it is. Judged again afterwards, as the server judges what it receives. With it, when
 * the photo is longer than SMALL_PHOTO_SIDE, its small version for the owner's thumbnails (sent
 * beside it; the admin shows the photo itself when there is none).
 */
async function smaller(file: File, type: ImageType | null): Promise<{ file: File; type: ImageType | null; small?: File }> {
  if (!type || !SHRINKABLE.has(type)) return { file, type };
  const shrunk = await shrinkPhoto(file, CUSTOMER_PHOTO_SIDE);
  const sent = shrunk === file ? { file, type } : { file: shrunk, type: await sniffFile(shrunk) };
  const small = await shrinkPhoto(sent.file, SMALL_PHOTO_SIDE, undefined, SMALL_PHOTO_QUALITY);
  return small === sent.file || small.size > SMALL_PHOTO_MAX_BYTES ? sent : { ...sent, small };
}

/**
 * The photos already taken with those just picked that the shared rules let through (each its
 * type judged by its first bytes, as the server judges it), and the message of the first rule a
 * refused one broke.
 */
export async function takePhotos(
  picked: readonly File[],
  already: readonly PickedPhoto[],
): Promise<{ accepted: PickedPhoto[]; broken: string }> {
  const accepted = [...already];
  let broken = '';
  for (const one of picked) {
    const { file, type, small } = await smaller(one, await sniffFile(one));
    const candidates: PhotoCandidate[] = [...accepted, { file, type }].map((photo) => ({
      name: photo.file.name,
      size: photo.file.size,
      type: photo.type,
    }));
    const rule = photoRuleBroken(candidates);
    if (rule || !type) {
      broken ||= rule?.message ?? '';
      continue;
    }
    accepted.push({ file, type, url: URL.createObjectURL(small ?? file), ...(small ? { small } : {}) });
  }
  return { accepted, broken };
}
