// The installable admin's icons (192 and 512 px PNGs) and /favicon.ico (a 32 px PNG inside an
// ICO), drawn from the same shapes as public/favicon.svg: a blue rounded square, a white drop
// and an orange arc. Written at build time into dist/client, so no binary is checked in and the
// icons follow the favicon. Plain Node: zlib for PNG's deflate, a 4x4 supersample for edges.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BLUE = [0x0b, 0x4f, 0x8a];
const ORANGE = [0xf9, 0x73, 0x16];
const WHITE = [0xff, 0xff, 0xff];

/** The favicon's shapes in its 32-unit box: which colour covers (x, y), or null. */
function colourAt(x, y) {
  const inBox = (() => {
    const [l, t, r, b, rad] = [1, 1, 31, 31, 7];
    const cx = Math.min(Math.max(x, l + rad), r - rad);
    const cy = Math.min(Math.max(y, t + rad), b - rad);
    return x >= l && x <= r && y >= t && y <= b && (x - cx) ** 2 + (y - cy) ** 2 <= rad ** 2;
  })();
  if (!inBox) return null;
  // The drop: a circle of radius 6 at (16, 17) and the point at (16, 5) joined by tangents.
  const inCircle = (x - 16) ** 2 + (y - 17) ** 2 <= 36;
  const inPoint = y >= 5 && y <= 17 && Math.abs(x - 16) <= ((y - 5) / 12) * 6 * 0.97;
  if (inCircle || inPoint) return WHITE;
  // The arc: the lower half of a circle of radius 9 at (16, 20), 3 units wide.
  const d = Math.hypot(x - 16, y - 20);
  if (y >= 20 && Math.abs(d - 9) <= 1.5) return ORANGE;
  return BLUE;
}

function pixels(size) {
  const data = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt(((px + (sx + 0.5) / n) / size) * 32, ((py + (sy + 0.5) / n) / size) * 32);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const at = (py * size + px) * 4;
      data[at] = a ? Math.round(r / a) : 0;
      data[at + 1] = a ? Math.round(g / a) : 0;
      data[at + 2] = a ? Math.round(b / a) : 0;
      data[at + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const rgba = pixels(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding one PNG image (every browser since IE 9 reads PNG inside ICO). */
function ico(size) {
  const image = png(size);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.set([size, size, 0, 0], 6);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

export async function writeAdminIcons(outDir) {
  await Promise.all([
    writeFile(path.join(outDir, 'admin-icon-192.png'), png(192)),
    writeFile(path.join(outDir, 'admin-icon-512.png'), png(512)),
    writeFile(path.join(outDir, 'favicon.ico'), ico(32)),
  ]);
}
