/**
 * Small files that begin as each kind of photo begins (what src/media/sniff.ts judges), padded
 * to any size, for the upload tests. Shared by the Worker and browser tests.
 */

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** An ISO-BMFF 'ftyp' box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => [
  0,
  0,
  0,
  16 + 4 * compatible.length,
  ...ascii('ftyp'),
  ...ascii(major),
  0,
  0,
  0,
  0,
  ...compatible.flatMap(ascii),
];

export const HEADS = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii('JFIF')],
  png: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')],
  webp: [...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')],
  heic: ftyp('heic', 'mif1', 'heic'),
  avif: ftyp('avif', 'mif1', 'miaf'),
  gif: [...ascii('GIF89a'), 1, 0, 1, 0],
  svg: ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: ascii('<!DOCTYPE html><html><script>alert(1)</script>'),
} as const;

/** A file of `bytes` bytes that starts like `kind`; `type` is what the sender claims (never believed). */
export function photoFile(kind: keyof typeof HEADS, name: string, bytes = 4096, type = 'image/jpeg'): File {
  const body = new Uint8Array(bytes);
  body.set(HEADS[kind].slice(0, bytes));
  // Filler that differs per file, so two photos never share a content hash by accident.
  for (let i = HEADS[kind].length; i < Math.min(bytes, HEADS[kind].length + 16); i++) body[i] = Math.floor(Math.random() * 256);
  return new File([body], name, { type });
}

export const MB = 1024 * 1024;
