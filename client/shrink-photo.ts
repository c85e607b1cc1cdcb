/**
 * A phone photo is often 4000 px or more on its long side and several MB: far more than a post
 * shows or the owner needs to see a blocked drain, and slow to send over a mobile connection.
 * Before it is uploaded, one longer than the limit is drawn smaller on a canvas and sent as a
 * JPEG (which also leaves behind its EXIF data, GPS position included). The server still judges
 * the bytes it receives by its own rules. Used by the post editor (MAX_PHOTO_SIDE) and by the
 * customers' lead forms (CUSTOMER_PHOTO_SIDE: a 4 MB photo becomes about 0.5 MB of mobile data).
 */

export const MAX_PHOTO_SIDE = 2560;
export const CUSTOMER_PHOTO_SIDE = 2048;
const JPEG_QUALITY = 0.85;

/** The size to draw at: the long side at most `max`, the proportions kept. */
export function fittedSize(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Area = { x: number; y: number; width: number; height: number };

/**
 * The `source` part of a picture drawn at `size` as a JPEG; null when this browser gives no
 * canvas. JPEG has no transparency: a transparent PNG's clear parts become white, not black.
 */
export async function drawAsJpeg(
  image: CanvasImageSource,
  source: Area,
  size: { width: number; height: number },
  quality = JPEG_QUALITY,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

const jpegName = (name: string) => `${(name || 'photo').replace(/\.[A-Za-z0-9]{1,5}$/, '')}.jpg`;

/** The centred part of a width x height picture with the proportions `aspect` (width / height). */
export function centredCrop(width: number, height: number, aspect: number): Area {
  if (width / height > aspect) {
    const w = Math.round(height * aspect);
    return { x: Math.floor((width - w) / 2), y: 0, width: w, height };
  }
  const h = Math.round(width / aspect);
  return { x: 0, y: Math.floor((height - h) / 2), width, height: h };
}

/**
 * The file itself when it is small enough (and, with `aspect`, already of those proportions) or
 * cannot be decoded here; otherwise a smaller JPEG, trimmed to `aspect` around its centre when given.
 */
export async function shrinkPhoto(file: File, max = MAX_PHOTO_SIDE, aspect?: number, quality = JPEG_QUALITY): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation is applied, so a portrait photo stays upright once its EXIF is gone.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const source = aspect
      ? centredCrop(bitmap.width, bitmap.height, aspect)
      : { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
    const size = fittedSize(source.width, source.height, max);
    if (size.width === bitmap.width && size.height === bitmap.height) return file;
    const blob = await drawAsJpeg(bitmap, source, size, quality);
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
