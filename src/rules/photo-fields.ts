/**
 * What a lead form needs to draw its photo field and post its photos: the field names and the
 * limits it states. The rules that judge a photo are in photos.ts (which re-exports these), so a
 * form's first start in the browser carries these few names and not the rules, which load with
 * the first photo picked (`takePhotos`). Browser-safe.
 */

/** The form field the photos are posted in (multipart/form-data). */
export const PHOTO_FIELD = 'photos';
export const MAX_PHOTOS = 3;

/**
 * The file picker's filter: any image, the form every phone browser answers with "Take photo" as
 * well as "Choose files" (a list of exact types loses the camera on some), and iOS then sends its
 * photos as JPEG, which every browser can show the owner. The rules in photos.ts still judge each file.
 */
export const PHOTO_ACCEPT = 'image/*';

/** The field photo n's small version is posted in (SMALL_PHOTO_SIDE, photos.ts). */
export const smallPhotoField = (position: number) => `smallPhoto${position}`;

/** A file's size as people read it: '245 KB', '2.4 MB'. */
export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
