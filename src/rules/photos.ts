import type { ImageType } from './image-type';
import { MAX_PHOTOS, smallPhotoField } from './photo-fields';

export { formatBytes, MAX_PHOTOS, PHOTO_FIELD, smallPhotoField } from './photo-fields';

/**
 * The rules for photos sent with a lead, shared by the Worker (the final word, on the bytes it
 * received) and the islands (inline messages as photos are picked). Browser-safe.
 */

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_TOTAL_BYTES = 20 * 1024 * 1024;

/** What a phone's camera makes: JPEG, PNG, WebP, and iPhones' HEIC/HEIF. Judged by the first bytes (`sniffImageType`). */
const PHOTO_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

/**
 * The small version of a photo that a browser with JavaScript draws and posts beside it, for the
 * admin's thumbnails (Workers cannot decode images): the longest side at most 480 px, JPEG or WebP,
 * 150 KB at most. Photo n's goes in the field smallPhoto<n>. One that breaks a rule is dropped, never
 * a reason to refuse the customer's request (`checkPhotos`).
 */
export const SMALL_PHOTO_SIDE = 480;
export const SMALL_PHOTO_MAX_BYTES = 150 * 1024;
export const SMALL_PHOTO_TYPES: readonly ImageType[] = ['image/jpeg', 'image/webp'];
export const SMALL_PHOTO_QUALITY = 0.8;
export const SMALL_PHOTO_FIELDS: ReadonlySet<string> = new Set(
  Array.from({ length: MAX_PHOTOS }, (_, i) => smallPhotoField(i + 1)),
);

/** A file's name in a message: short, as the visitor's device named it. */
const named = (name: string) => {
  const short = name.length > 40 ? `${name.slice(0, 37)}...` : name;
  return short ? `"${short}"` : 'One of the files';
};

export const PHOTO_MESSAGES = {
  tooMany: `You can attach up to ${MAX_PHOTOS} photos.`,
  empty: (name: string) => `${named(name)} is empty. Please choose the photo again.`,
  type: (name: string) => `${named(name)} is not a photo we can take. Please attach JPEG, PNG, WebP or iPhone (HEIC) photos.`,
  tooLarge: (name: string) => `${named(name)} is larger than 10 MB. Please attach a smaller photo.`,
  totalTooLarge: 'Your photos come to more than 20 MB together. Please attach fewer or smaller photos.',
  notFiles: 'Photos can only be sent as files with the form.',
  chooseAgain: 'Please choose your photos again: for your security the browser does not keep them when the form comes back.',
} as const;

/** A picked or received file, with the type its first bytes show (null: not an image we know). */
export interface PhotoCandidate {
  name: string;
  size: number;
  type: ImageType | null;
}

export type PhotoRuleBroken = { rule: 'count' | 'empty' | 'type' | 'size' | 'total'; message: string };

/** The first rule these photos break, or null when they may be sent. */
export function photoRuleBroken(photos: readonly PhotoCandidate[]): PhotoRuleBroken | null {
  if (photos.length > MAX_PHOTOS) return { rule: 'count', message: PHOTO_MESSAGES.tooMany };
  for (const photo of photos) {
    if (photo.size === 0) return { rule: 'empty', message: PHOTO_MESSAGES.empty(photo.name) };
    if (!photo.type || !PHOTO_TYPES.includes(photo.type)) return { rule: 'type', message: PHOTO_MESSAGES.type(photo.name) };
    if (photo.size > MAX_PHOTO_BYTES) return { rule: 'size', message: PHOTO_MESSAGES.tooLarge(photo.name) };
  }
  const total = photos.reduce((sum, photo) => sum + photo.size, 0);
  if (total > MAX_PHOTOS_TOTAL_BYTES) return { rule: 'total', message: PHOTO_MESSAGES.totalTooLarge };
  return null;
}
