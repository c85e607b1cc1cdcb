/** The admin's addresses for one lead and what hangs off it; the routes and the cards agree on these. */

import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/** A lead id (a UUID) in a route pattern, so '/admin/leads/person' never reads as a lead. */
export const LEAD_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Lead ids are UUIDs; anything else in the path is refused before the database is asked. */
const LEAD_ID = new RegExp(`^${LEAD_ID_PATTERN}$`);

/** The route's :id when it is shaped like a lead id, else null. */
export const leadIdOf = (c: Context<AdminEnv>) => {
  const id = c.req.param('id') ?? '';
  return LEAD_ID.test(id) ? id : null;
};

export const leadPath = (id: string) => `/admin/leads/${id}`;
/** The job sheet (issue 57): a booked job as whoever goes works it, owner, office or engineer. */
export const jobPath = (id: string) => `/admin/jobs/${id}`;
export const photoPath = (id: string, position: number) => `${leadPath(id)}/photos/${position}`;
/** A photo's small version, for thumbnails (only when the lead's photo row has one). */
export const smallPhotoPath = (id: string, position: number) => `${photoPath(id, position)}/small`;
/** A photo filling the screen, fitted or zoomed to its full size. */
export const photoViewPath = (id: string, position: number, zoom = false) =>
  `${photoPath(id, position)}/view${zoom ? '?zoom=1' : ''}`;
export const reviewCancelPath = (id: string) => `${leadPath(id)}/review/cancel`;
/** The owner's confirmation page for deleting a lead (office staff are refused it). */
export const deleteLeadPath = (id: string) => `${leadPath(id)}/delete`;
export const undoDonePath = (id: string) => `${leadPath(id)}/undo-done`;
export const resendPath = (id: string, kind: 'owner' | 'customer') => `${leadPath(id)}/messages/${kind}/resend`;
/** Where the lead page's Call and WhatsApp buttons report a tap (JSON: under /admin/api/). */
export const calledPath = (id: string) => `/admin/api/leads/${id}/called`;
/** Gives a booked job to someone else (issue 37). */
export const assignPath = (id: string) => `${leadPath(id)}/assign`;

/** The leads as a spreadsheet (the inbox's filter and search carried as its query). */
export const LEADS_CSV_PATH = '/admin/leads.csv';

/** Marks an erased lead's undelivered cancellation dealt with (`dismissNotice`). */
export const erasureNoticeDonePath = (id: string) => `/admin/leads/erasure-notices/${id}/done`;
