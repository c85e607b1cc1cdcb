import { Hono } from 'hono';
import { d1Database } from '../../db/client';
import { photosForLeads } from '../../db/lead-photos';
import { findLead } from '../../db/leads';
import type { LeadPhoto } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { declareAccess } from '../auth/access';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { mayShowPhotosOf } from './engineer-access';
import { leadIdOf } from './lead-id';
import { leadPath, photoPath } from './paths';

/**
 * A lead's photos one at a time, filling the screen: previous and next, back to the lead, and a
 * zoom that shows the photo at its full size to pan (and pinch) around. Plain links and CSS, so it
 * works without JavaScript; the pictures come from our own origin, as the admin's CSP allows.
 */
export const photoViewerRoutes = new Hono<AdminEnv>();
/** A lead's photos, for everyone who works on leads. */
/** For everyone who works on leads, and an engineer for a job given to them (checked below). */
declareAccess(photoViewerRoutes, { who: 'engineer' });

export const photoViewPath = (id: string, position: number, zoom = false) =>
  `${photoPath(id, position)}/view${zoom ? '?zoom=1' : ''}`;

const DISPLAYABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

function PhotoViewer({
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

photoViewerRoutes.get('/admin/leads/:id/photos/:position{[1-9]}/view', async (c) => {
  const id = leadIdOf(c);
  if (!id || !(await mayShowPhotosOf(c, id))) return errorResponse(asAppContext(c), 404);
  const db = d1Database(c.env);
  const [lead, photos] = await Promise.all([findLead(db, id), photosForLeads(db, [id])]);
  const photo = photos.find((p) => p.position === Number(c.req.param('position')));
  if (!lead || !photo) return errorResponse(asAppContext(c), 404);
  return renderAdmin(
    <PhotoViewer leadId={id} name={lead.name} photos={photos} photo={photo} zoom={c.req.query('zoom') === '1'} />,
    signedIn(c, `Photos: ${lead.name}`, c.var.person.role === 'engineer' ? 'schedule' : 'leads'),
  );
});
