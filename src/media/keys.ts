import type { ImageType } from '../rules/image-type';
import type { ImageSize } from './dimensions';
import { IMAGE_EXTENSIONS } from './sniff';

/**
 * Where post pictures live. The MEDIA bucket is shared: public pictures under `media/`, private
 * lead photos under `leads/`. A picture's key is its content hash with its drawn size,
 * 'media/<32 hex of SHA-256>-<width>x<height>.<ext>', served at '/media/<the same name>'. So
 * the same file uploaded twice is stored once, a URL's content never changes (it is cached for
 * a year), and any renderer can put width and height on an <img> from the URL alone.
 */

/** The public prefix: the /media/ route serves these keys and nothing else. */
const MEDIA_PREFIX = 'media/';
export const MEDIA_PATH = '/media/';

/** Post pictures: what browsers draw everywhere (HEIC is recognised by sniffing, but refused here). */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

export const isPictureType = (type: ImageType | null): type is PictureType =>
  type !== null && (PICTURE_TYPES as readonly string[]).includes(type);

const TYPE_OF_EXTENSION: Record<string, PictureType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The hash part of a name: 128 bits of SHA-256, in hex. */
const HASH_HEX = 32;
const NAME = /^([0-9a-f]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})\.(jpg|png|webp|avif)$/;

export interface MediaName {
  /** The bucket key, under MEDIA_PREFIX. */
  key: string;
  hash: string;
  width: number;
  height: number;
  type: PictureType;
}

/** Reads a file name from a /media/ URL; null for anything that is not exactly one of ours (so never '../'). */
export function parseMediaName(name: string): MediaName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, hash, width, height, extension] = match as unknown as [string, string, string, string, string];
  return {
    key: `${MEDIA_PREFIX}${name}`,
    hash,
    width: Number(width),
    height: Number(height),
    type: TYPE_OF_EXTENSION[extension]!,
  };
}

export const mediaNameOf = (key: string) => key.slice(MEDIA_PREFIX.length);
export const mediaUrl = (key: string) => `${MEDIA_PATH}${mediaNameOf(key)}`;

/** The picture a URL on this site points to, if it is one of our uploads ('/media/<name>'). */
export const parseMediaUrl = (url: string): MediaName | null =>
  url.startsWith(MEDIA_PATH) ? parseMediaName(url.slice(MEDIA_PATH.length)) : null;

export async function contentHash(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.subarray(0, HASH_HEX / 2)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const mediaKeyFor = (hash: string, size: ImageSize, type: PictureType) =>
  `${MEDIA_PREFIX}${hash}-${size.width}x${size.height}.${IMAGE_EXTENSIONS[type]}`;
