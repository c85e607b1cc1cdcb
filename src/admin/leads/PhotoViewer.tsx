import type { LeadPhoto } from '../../db/schema';
import { DISPLAYABLE } from './LeadPhotos';
import { leadPath, photoPath, photoViewPath } from './paths';

/**
 * A lead's photos one at a time, filling the screen: previous and next, back to the lead, and a
 * zoom that shows the photo at its full size to pan (and pinch) around. Plain links and CSS, so it
 * works without JavaScript; the pictures come from our own origin, as the admin's CSP allows.
 */
export function PhotoViewer({
  leadId,
  name,
  photos,
  photo,
  zoom,
}: {
  leadId: string;
  name: string;
  photos: LeadPhoto[];
  photo: LeadPhoto;
  zoom: boolean;
}) {
  const index = photos.indexOf(photo);
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const src = photoPath(leadId, photo.position);
  return (
    <div className={`photo-viewer${zoom ? ' photo-viewer--zoom' : ''}`}>
      <nav className="photo-viewer__bar" aria-label="Photos">
        <a href={leadPath(leadId)}>{`← ${name}`}</a>
        <span>{`Photo ${index + 1} of ${photos.length}`}</span>
        <a href={photoViewPath(leadId, photo.position, !zoom)}>{zoom ? 'Fit to screen' : 'Zoom'}</a>
      </nav>
      <div className="photo-viewer__stage">
        {DISPLAYABLE.has(photo.contentType) ? (
          <img src={src} alt={`${index + 1} of ${photos.length}, sent with this lead`} />
        ) : (
          <p className="photo-viewer__tile">
            This photo is in an iPhone format most browsers cannot show. <a href={`${src}?download=1`}>Download it</a> to view it.
          </p>
        )}
      </div>
      <nav className="photo-viewer__steps" aria-label="Previous and next">
        {previous ? (
          <a href={photoViewPath(leadId, previous.position, zoom)} rel="prev">
            ← Previous
          </a>
        ) : (
          <span />
        )}
        <a href={`${src}?download=1`} download>
          Download
        </a>
        {next ? (
          <a href={photoViewPath(leadId, next.position, zoom)} rel="next">
            Next →
          </a>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
