import { Hono } from 'hono';
import { errorResponse } from '../../http/errors';
import { declareAccess } from '../auth/access';
import { LEAD_ID_PATTERN, leadIdOf } from '../leads/paths';
import { type AdminEnv, asAppContext } from '../shell/render';
import { renderJobSheet } from './JobSheetPage';

/**
 * The job sheet's address (issue 57): /admin/jobs/<id>, for whoever the job is given to. Who may
 * open which job is the page's own check (`sheetFor`); its forms post under the lead's /site/
 * address, where the phone's queue has always sent them (`siteRoutes`).
 */
export const jobSheetRoutes = new Hono<AdminEnv>();

jobSheetRoutes.get(`/admin/jobs/:id{${LEAD_ID_PATTERN}}`, async (c) => {
  const id = leadIdOf(c);
  if (!id) return errorResponse(asAppContext(c), 404);
  return renderJobSheet(c, id);
});

declareAccess(jobSheetRoutes, { who: 'engineer' });
