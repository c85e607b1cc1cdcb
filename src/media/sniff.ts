import type { ImageType } from '../rules/image-type';

export type { ImageType };

/**
 * What an uploaded file really is, judged by its first bytes: never by its name or the type the
 * browser declared, which the sender controls. Anything not recognised here is refused by the
 * caller. SVG and HTML are deliberately absent: both can carry script.
 */

/** File name endings for each type, for keys and downloads. */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/** Enough of the file to judge it. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** ISO-BMFF brands (the 'ftyp' box) of AVIF and of iPhones' HEIC/HEIF photos. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);

function isoBrandType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  // The major brand, then the compatible brands: an AVIF often says 'mif1' first and 'avif' later.
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'image/heic';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'image/heif';
  return null;
}

/** The image type the bytes begin with, or null for anything else (including empty input). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.length >= PNG.length && startsWith(head, PNG)) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  return isoBrandType(head);
}

/** Reads the first bytes of a File or Blob and judges them. */
export async function sniffFile(file: Blob): Promise<ImageType | null> {
  if (file.size === 0) return null;
  return sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}
