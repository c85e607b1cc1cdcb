import { getMediaRow, saveMediaRow } from '../db/media';
import type { Database } from '../db/posts';
import type { MediaRow } from '../db/schema';
import { errorText, log } from '../log';
import { readImageSize } from './dimensions';
import { contentHash, isPictureType, mediaKeyFor, type PictureType } from './keys';
import { checkAlt, MAX_PICTURE_BYTES, PICTURES_ACCEPTED } from './picture-rules';
import { SNIFF_BYTES, sniffImageType } from './sniff';

/**
 * One uploaded picture for a post: judged (type from the first bytes, size, readable
 * dimensions, alt text) before anything is written, then stored in the bucket under its content
 * hash and recorded in the media table. A refused file leaves nothing behind.
 */

export interface CheckedPicture {
  bytes: Uint8Array<ArrayBuffer>;
  type: PictureType;
  width: number;
  height: number;
  key: string;
  alt: string;
}

type PictureRefusal = { ok: false; status: 400 | 413 | 415; message: string };
export type PictureCheck = { ok: true; picture: CheckedPicture } | PictureRefusal;

const refuse = (status: PictureRefusal['status'], message: string): PictureRefusal => ({
  ok: false,
  status,
  message: `${message} ${PICTURES_ACCEPTED}`,
});

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;

/** Whether a form field holds a chosen file (an empty file input sends a nameless, empty part). */
export const isChosenFile = (value: unknown): value is File => value instanceof File && (value.size > 0 || value.name !== '');

/** Judges an uploaded file and its alt text; reads nothing past the first bytes until the cheap checks pass. */
export async function checkPicture(file: unknown, altValue: unknown): Promise<PictureCheck> {
  if (!(file instanceof File) || file.size === 0) return refuse(400, 'That file is empty.');
  if (file.size > MAX_PICTURE_BYTES) return refuse(413, `That file is ${megabytes(file.size)}, too large.`);
  const type = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (type === 'image/heic' || type === 'image/heif') {
    return refuse(
      415,
      'That is an iPhone HEIC photo, which most browsers cannot show. Choose it again from Photos (it is then sent as JPEG), or export it as JPEG.',
    );
  }
  if (!isPictureType(type)) return refuse(415, 'That file is not a picture we can show (judged by its content, not its name).');
  const alt = checkAlt(altValue);
  if (!alt.ok) return { ok: false, status: 400, message: alt.message };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = readImageSize(bytes, type);
  if (!size)
    return refuse(
      415,
      'The size of that picture could not be read: the file may be damaged, or bigger than 20,000 pixels a side.',
    );
  const key = mediaKeyFor(await contentHash(bytes), size, type);
  return { ok: true, picture: { bytes, type, ...size, key, alt: alt.alt } };
}

/**
 * Stores a checked picture: the object first (skipped when the same content is already there),
 * then its row. If the row cannot be written, an object this call created is removed again.
 */
export async function storePicture(bucket: R2Bucket, db: Database, picture: CheckedPicture, now: string): Promise<MediaRow> {
  const existed = (await bucket.head(picture.key)) !== null;
  if (!existed) await bucket.put(picture.key, picture.bytes, { httpMetadata: { contentType: picture.type } });
  const row: MediaRow = {
    key: picture.key,
    type: picture.type,
    bytes: picture.bytes.byteLength,
    width: picture.width,
    height: picture.height,
    alt: picture.alt,
    uploadedAt: (await getMediaRow(db, picture.key))?.uploadedAt ?? now,
  };
  try {
    await saveMediaRow(db, row);
  } catch (error) {
    if (!existed) {
      await bucket.delete(picture.key).catch((cleanup: unknown) => {
        log.error('could not remove a picture after its row failed', { key: picture.key, error: errorText(cleanup) });
      });
    }
    throw error;
  }
  return row;
}
