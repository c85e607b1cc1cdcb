import { useEffect } from 'react';
import { SMALL_PHOTO_MAX_BYTES, SMALL_PHOTO_QUALITY, SMALL_PHOTO_SIDE } from '../../../src/rules/photos';
import { drawAsJpeg, fittedSize } from '../../shrink-photo';
import { postToAdmin } from '../api';

export interface SmallPhotosProps {
  csrf: string;
  /** The photos shown at full size on this page that have no small version: the thumbnail's src, and where to post one. */
  photos: { src: string; post: string }[];
}

/** Resolves once the picture has arrived (or failed: then its natural width stays 0). */
const arrived = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });

/** The small version of a picture already on the page, drawn as a JPEG; null when it is small already or cannot be drawn. */
async function drawSmall(img: HTMLImageElement): Promise<Blob | null> {
  await arrived(img);
  const { naturalWidth: width, naturalHeight: height } = img;
  if (!width || !height || Math.max(width, height) <= SMALL_PHOTO_SIDE) return null;
  const blob = await drawAsJpeg(
    img,
    { x: 0, y: 0, width, height },
    fittedSize(width, height, SMALL_PHOTO_SIDE),
    SMALL_PHOTO_QUALITY,
  );
  return blob && blob.size <= SMALL_PHOTO_MAX_BYTES ? blob : null;
}

/**
 * A lead's photos sent without a small version (the form without JavaScript, or before small
 * versions existed) show the photo itself as their thumbnail. Once the owner's browser has it,
 * this draws the small version from that same picture (nothing is downloaded again) and posts
 * it back, so the next view loads 480 px instead of the photo. Best effort and invisible: the
 * page is complete without it, and the server judges what arrives as it judges the form's.
 */
export default function SmallPhotos({ csrf, photos }: SmallPhotosProps) {
  useEffect(() => {
    for (const photo of photos) {
      const img = [...document.querySelectorAll<HTMLImageElement>('.admin-photo img')].find(
        (candidate) => candidate.getAttribute('src') === photo.src,
      );
      if (!img) continue;
      void drawSmall(img)
        .then((small) => {
          if (!small) return;
          return postToAdmin(photo.post, csrf, { small: new File([small], 'small.jpg', { type: small.type }) });
        })
        .catch(() => {
          // The thumbnail stays the photo itself; the next view tries again.
        });
    }
  }, [csrf, photos]);
  return null;
}
