/**
 * Whether a file is a short video a phone records, judged by its first bytes (never its name or
 * declared type): MP4 or QuickTime (an ISO-BMFF 'ftyp' box of a video brand) or WebM (EBML).
 * Image brands (HEIC, AVIF) are the picture sniffer's; anything else is refused by the caller.
 */
export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/webm';

export const VIDEO_EXTENSIONS: Record<VideoType, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'MSNV',
  '3gp4',
  '3gp5',
  '3g2a',
]);

export function sniffVideoType(head: Uint8Array): VideoType | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (head.length < 12 || String.fromCharCode(...head.subarray(4, 8)) !== 'ftyp') return null;
  const brand = String.fromCharCode(...head.subarray(8, 12));
  if (brand === 'qt  ') return 'video/quicktime';
  return MP4_BRANDS.has(brand) ? 'video/mp4' : null;
}
