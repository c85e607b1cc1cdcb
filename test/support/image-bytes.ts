/**
 * Picture files made byte by byte, for the tests: each starts with the real signature and
 * headers of its format (enough for sniffing and for reading the size; the pixel data is not
 * real, browsers would not draw these).
 */

const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** Some bytes after the headers, different per call so each file hashes differently. */
const filler = (length: number) => Array.from({ length }, (_, i) => (i * 31 + Math.floor(Math.random() * 256)) & 0xff);

export function jpegBytes(width: number, height: number, options: { orientation?: number; progressive?: boolean } = {}) {
  const app0 = [0xff, 0xe0, ...u16be(16), ...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const exif = options.orientation
    ? (() => {
        const tiff = [
          ...text('MM'),
          0,
          42,
          ...u32be(8),
          ...u16be(1),
          ...u16be(0x0112),
          ...u16be(3),
          ...u32be(1),
          ...u16be(options.orientation),
          0,
          0,
          ...u32be(0),
        ];
        const body = [...text('Exif\0\0'), ...tiff];
        return [0xff, 0xe1, ...u16be(body.length + 2), ...body];
      })()
    : [];
  const sof = [
    0xff,
    options.progressive ? 0xc2 : 0xc0,
    ...u16be(17),
    8,
    ...u16be(height),
    ...u16be(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  const sos = [0xff, 0xda, ...u16be(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...exif, ...sof, ...sos, ...filler(64), 0xff, 0xd9]);
}

export function pngBytes(width: number, height: number) {
  const ihdr = [...u32be(13), ...text('IHDR'), ...u32be(width), ...u32be(height), 8, 2, 0, 0, 0, ...u32be(0)];
  return new Uint8Array([0x89, ...text('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...filler(64)]);
}

function riff(chunk: string, data: number[]) {
  const body = [...text('WEBP'), ...text(chunk), ...u32le(data.length), ...data];
  return new Uint8Array([...text('RIFF'), ...u32le(body.length), ...body]);
}

export function webpBytes(width: number, height: number, kind: 'VP8' | 'VP8L' | 'VP8X' = 'VP8') {
  if (kind === 'VP8L') {
    const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
    return riff('VP8L', [0x2f, ...u32le(bits), ...filler(32)]);
  }
  if (kind === 'VP8X') return riff('VP8X', [0x10, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1), ...filler(32)]);
  return riff('VP8 ', [0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), ...filler(32)]);
}

const box = (type: string, ...content: number[][]) => {
  const body = content.flat();
  return [...u32be(body.length + 8), ...text(type), ...body];
};

/** An AVIF: 'ftyp', then 'meta' holding 'iprp' > 'ipco' with one 'ispe' per size (a grid and its tiles) and an optional 'irot'. */
export function avifBytes(sizes: [number, number][], options: { rotate?: number } = {}) {
  const ispes = sizes.map(([w, h]) => box('ispe', [0, 0, 0, 0], u32be(w), u32be(h)));
  const irot = options.rotate === undefined ? [] : [box('irot', [options.rotate])];
  const ipco = box('ipco', ...ispes, ...irot);
  const meta = box(
    'meta',
    [0, 0, 0, 0],
    box('hdlr', [0, 0, 0, 0, 0, 0, 0, 0], text('pict'), new Array(13).fill(0)),
    box('iprp', ipco),
  );
  const ftyp = box('ftyp', text('avif'), [0, 0, 0, 0], text('mif1'), text('miaf'));
  return new Uint8Array([...ftyp, ...meta, ...box('mdat', filler(64))]);
}
