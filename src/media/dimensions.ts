import type { ImageType } from '../rules/image-type';

/**
 * A picture's size in pixels as a browser will draw it, read from its headers (nothing is
 * decoded): JPEG's frame header (SOF) turned by its EXIF orientation, PNG's IHDR, WebP's VP8,
 * VP8L or VP8X header, AVIF's 'ispe' property turned by its 'irot'. The size goes on every <img>
 * as width and height, so the page keeps its layout while the picture loads; a picture whose
 * size cannot be read is refused by the caller.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** Larger sides are refused: no phone takes them, and a decoder bomb is not a photo. */
export const MAX_SIDE = 20_000;

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

const sized = (width: number, height: number, turned = false): ImageSize | null => {
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE)) return null;
  return turned ? { width: height, height: width } : { width, height };
};

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** EXIF orientations 5-8 turn the picture a quarter: the drawn width is the stored height. */
function exifTurnsQuarter(b: Uint8Array, start: number, end: number): boolean {
  if (end - start < 14 || ascii(b, start, 6) !== 'Exif\0\0') return false;
  const tiff = start + 6;
  const little = ascii(b, tiff, 2) === 'II';
  const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
  const u32 = (at: number) => (little ? (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0 : u32be(b, at));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return false;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return false;
    if (u16(entry) === 0x0112) return u16(entry + 8) >= 5 && u16(entry + 8) <= 8;
  }
  return false;
}

function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  let turned = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or image data before any frame header
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    const body = at + 4;
    if (marker === 0xe1) turned ||= exifTurnsQuarter(b, body, Math.min(b.length, at + 2 + length));
    if (SOF.has(marker)) return body + 5 <= b.length ? sized(u16be(b, body + 3), u16be(b, body + 1), turned) : null;
    at += 2 + length;
  }
  return null;
}

function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  return null;
}

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The ISO-BMFF boxes between two offsets (size 1 means a 64-bit size follows; 0, to the end). */
function* boxes(b: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to || u32be(b, at + 8) !== 0) return; // beyond 4 GB: not a photo
      size = u32be(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type: ascii(b, at + 4, 4), start: at + header, end: at + size };
    at += size;
  }
}

const child = (b: Uint8Array, parent: Box, type: string, skip = 0) =>
  [...boxes(b, parent.start + skip, parent.end)].find((box) => box.type === type);

/** The largest 'ispe' (a grid's whole size, not a tile's or the thumbnail's), turned by 'irot'. */
function avifSize(b: Uint8Array): ImageSize | null {
  const meta = [...boxes(b, 0, b.length)].find((box) => box.type === 'meta');
  const iprp = meta && child(b, meta, 'iprp', 4); // meta is a full box: version and flags first
  const ipco = iprp && child(b, iprp, 'ipco');
  if (!ipco) return null;
  let best: ImageSize | null = null;
  let turned = false;
  for (const box of boxes(b, ipco.start, ipco.end)) {
    if (box.type === 'ispe' && box.end - box.start >= 12) {
      const size = { width: u32be(b, box.start + 4), height: u32be(b, box.start + 8) };
      if (!best || size.width * size.height > best.width * best.height) best = size;
    }
    if (box.type === 'irot' && box.end > box.start) turned = (b[box.start]! & 1) === 1;
  }
  return best && sized(best.width, best.height, turned);
}

/** The drawn size of a picture of a known type, or null when its headers do not say. */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  switch (type) {
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/png':
      return pngSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    case 'image/avif':
      return avifSize(bytes);
    default:
      return null;
  }
}
