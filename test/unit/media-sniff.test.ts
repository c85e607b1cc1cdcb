import { describe, expect, it } from 'vitest';
import { sniffFile, sniffImageType } from '../../src/media/sniff';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part)));

/** An ISO-BMFF 'ftyp' box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'meta');
};

describe('sniffImageType judges a file by its first bytes', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['AVIF (major brand)', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['AVIF (compatible brand only)', ftyp('mif1', 'avif', 'miaf'), 'image/avif'],
    ['iPhone HEIC', ftyp('heic', 'mif1', 'heic'), 'image/heic'],
    ['HEIF', ftyp('mif1', 'mif1'), 'image/heif'],
  ])('%s', (_name, head, type) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG with an XML declaration', bytes('<?xml version="1.0"?><svg/>')],
    ['HTML', bytes('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0])],
    ['a PDF', bytes('%PDF-1.7')],
    ['an MP4 video', ftyp('isom', 'iso2', 'mp41')],
    ['nothing', new Uint8Array()],
    ['a truncated JPEG marker', bytes([0xff, 0xd8])],
  ])('refuses %s', (_name, head) => {
    expect(sniffImageType(head)).toBeNull();
  });

  it('ignores the declared type and name of a File', async () => {
    const svgAsJpeg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'photo.jpg', { type: 'image/jpeg' });
    const pngAsText = new File([bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])], 'notes.txt', { type: 'text/plain' });
    expect(await sniffFile(svgAsJpeg)).toBeNull();
    expect(await sniffFile(pngAsText)).toBe('image/png');
    expect(await sniffFile(new File([], 'empty.jpg', { type: 'image/jpeg' }))).toBeNull();
  });
});
