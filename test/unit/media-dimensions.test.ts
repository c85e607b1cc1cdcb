import { describe, expect, it } from 'vitest';
import { MAX_SIDE, readImageSize } from '../../src/media/dimensions';
import { avifBytes, jpegBytes, pngBytes, webpBytes } from '../support/image-bytes';

describe('readImageSize reads width and height from the headers', () => {
  it.each([
    ['JPEG (baseline)', jpegBytes(1600, 1200), 'image/jpeg', { width: 1600, height: 1200 }],
    ['JPEG (progressive)', jpegBytes(640, 480, { progressive: true }), 'image/jpeg', { width: 640, height: 480 }],
    ['PNG', pngBytes(800, 450), 'image/png', { width: 800, height: 450 }],
    ['WebP (lossy VP8)', webpBytes(1024, 768), 'image/webp', { width: 1024, height: 768 }],
    ['WebP (lossless VP8L)', webpBytes(300, 200, 'VP8L'), 'image/webp', { width: 300, height: 200 }],
    ['WebP (extended VP8X)', webpBytes(4032, 3024, 'VP8X'), 'image/webp', { width: 4032, height: 3024 }],
    ['AVIF', avifBytes([[1920, 1080]]), 'image/avif', { width: 1920, height: 1080 }],
  ] as const)('%s', (_name, bytes, type, size) => {
    expect(readImageSize(bytes, type)).toEqual(size);
  });

  it('turns a phone photo by its EXIF orientation, as browsers draw it', () => {
    expect(readImageSize(jpegBytes(4032, 3024, { orientation: 6 }), 'image/jpeg')).toEqual({ width: 3024, height: 4032 });
    expect(readImageSize(jpegBytes(4032, 3024, { orientation: 3 }), 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
  });

  it('takes the whole size of a tiled AVIF, not a tile or thumbnail, turned by its irot', () => {
    const tiled = avifBytes([
      [512, 512],
      [4032, 3024],
      [256, 192],
    ]);
    expect(readImageSize(tiled, 'image/avif')).toEqual({ width: 4032, height: 3024 });
    expect(readImageSize(avifBytes([[4032, 3024]], { rotate: 1 }), 'image/avif')).toEqual({ width: 3024, height: 4032 });
  });

  it.each([
    ['a JPEG cut before its frame header', jpegBytes(100, 100).slice(0, 20), 'image/jpeg'],
    ['a JPEG with image data before any frame header', new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'image/jpeg'],
    ['a PNG without IHDR', pngBytes(10, 10).map((b, i) => (i === 12 ? 0 : b)), 'image/png'],
    ['a PNG of width 0', pngBytes(0, 10), 'image/png'],
    ['a PNG larger than the limit', pngBytes(MAX_SIDE + 1, 10), 'image/png'],
    ['a WebP with an unknown chunk', webpBytes(10, 10).map((b, i) => (i === 15 ? 0x21 : b)), 'image/webp'],
    ['an AVIF without ispe', avifBytes([]), 'image/avif'],
    ['a HEIC (not a post picture)', avifBytes([[10, 10]]), 'image/heic'],
  ] as const)('gives null for %s', (_name, bytes, type) => {
    expect(readImageSize(bytes, type)).toBeNull();
  });
});
