import type { LeadPhoto } from '../../db/schema';
import { formatBytes } from '../../rules/photos';
import { photoPath } from './paths';
import { photoViewPath } from './photo-viewer';

/** Browsers other than Safari cannot show HEIC/HEIF (iPhones' own format): those get a tile and the download. */
const DISPLAYABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

const TYPE_NAME: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
};

/** The photos sent with a lead, streamed from R2 by a signed-in route; each opens full size and downloads. */
export function LeadPhotos({ leadId, photos }: { leadId: string; photos: readonly LeadPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="admin-lead__photos" aria-label="Photos">
      {photos.map((photo) => {
        const href = photoPath(leadId, photo.position);
        const type = TYPE_NAME[photo.contentType] ?? photo.contentType;
        return (
          <li key={photo.position} className="admin-photo">
            <a className="admin-photo__view" href={photoViewPath(leadId, photo.position)}>
              {DISPLAYABLE.has(photo.contentType) ? (
                <img
                  src={href}
                  alt={`Sent with this lead, ${photo.position} of ${photos.length}`}
                  width={160}
                  height={120}
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
  );
}
