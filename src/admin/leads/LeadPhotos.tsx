import SmallPhotos from '../../../client/admin/islands/SmallPhotos';
import { Island } from '../../components/Island';
import type { LeadPhoto } from '../../db/schema';
import { formatBytes } from '../../rules/photos';
import { photoPath, photoViewPath, smallPhotoPath } from './paths';

/** Browsers other than Safari cannot show HEIC/HEIF (iPhones' own format): those get a tile and the download. */
export const DISPLAYABLE: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

const TYPE_NAME: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
};

/** The thumbnail's picture: the small version with its own size when the customer's browser sent one, else the original. */
function thumbnail(leadId: string, photo: LeadPhoto) {
  if (photo.smallKey && photo.smallWidth && photo.smallHeight)
    return { src: smallPhotoPath(leadId, photo.position), width: photo.smallWidth, height: photo.smallHeight };
  return DISPLAYABLE.has(photo.contentType) ? { src: photoPath(leadId, photo.position), width: 160, height: 120 } : null;
}

/**
 * The photos sent with a lead, streamed from R2 by a signed-in route: each shows its small
 * version (the original when it has none), opens full size in the viewer and downloads.
 */
export function LeadPhotos({ leadId, photos, csrf }: { leadId: string; photos: readonly LeadPhoto[]; csrf: string }) {
  if (photos.length === 0) return null;
  // Photos shown at full size for want of a small version: the owner's browser draws one (SmallPhotos).
  const unsized = photos
    .filter((photo) => !photo.smallKey && DISPLAYABLE.has(photo.contentType))
    .map((photo) => ({ src: photoPath(leadId, photo.position), post: smallPhotoPath(leadId, photo.position) }));
  return (
    <>
      <ul className="admin-lead__photos" aria-label="Photos">
        {photos.map((photo) => {
          const href = photoPath(leadId, photo.position);
          const type = TYPE_NAME[photo.contentType] ?? photo.contentType;
          const picture = thumbnail(leadId, photo);
          return (
            <li key={photo.position} className="admin-photo">
              <a className="admin-photo__view" href={photoViewPath(leadId, photo.position)}>
                {picture ? (
                  <img
                    src={picture.src}
                    alt={`Sent with this lead, ${photo.position} of ${photos.length}`}
                    width={picture.width}
                    height={picture.height}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="admin-photo__tile">{`${type} photo ${photo.position}: download to view`}</span>
                )}
              </a>
              <a className="admin-photo__download" href={`${href}?download=1`} download>
                {`Download (${type}, ${formatBytes(photo.bytes)})`}
              </a>
            </li>
          );
        })}
      </ul>
      {unsized.length > 0 && <Island name="SmallPhotos" component={SmallPhotos} props={{ csrf, photos: unsized }} />}
    </>
  );
}
