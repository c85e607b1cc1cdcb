import { drizzle } from 'drizzle-orm/d1';
import { type Context, Hono } from 'hono';
import { findLead } from '../../db/leads';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { eraseLeads } from '../../privacy/erase';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { DeleteLeadPage } from './DeleteLeadPage';
import { leadIdOf } from './lead-id';

/**
 * The owner's privacy tools: delete one lead. Logs carry ids and counts only: never a name, an
 * address or a number.
 */
export const leadPrivacyRoutes = new Hono<AdminEnv>();

type Ctx = Context<AdminEnv>;

const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);
const confirmed = async (c: Ctx) => (await c.req.parseBody()).confirm === 'yes';

async function leadToDelete(c: Ctx) {
  const id = leadIdOf(c);
  return id ? findLead(drizzle(c.env.DB), id) : undefined;
}

leadPrivacyRoutes.get('/admin/leads/:id/delete', async (c) => {
  const lead = await leadToDelete(c);
  if (!lead) return notFound(c);
  return renderAdmin(<DeleteLeadPage lead={lead} csrf={c.get('session').csrf} />, signedIn(c, 'Delete lead', 'leads'));
});

leadPrivacyRoutes.post('/admin/leads/:id/delete', async (c) => {
  const lead = await leadToDelete(c);
  if (!lead) return notFound(c);
  if (!(await confirmed(c))) {
    return renderAdmin(
      <DeleteLeadPage lead={lead} csrf={c.get('session').csrf} error="Tick the box to confirm, then press Delete." />,
      signedIn(c, 'Delete lead', 'leads'),
      400,
    );
  }
  const count = await eraseLeads(c.env, [lead.id]);
  log.info('admin deleted a lead', { id: lead.id, count });
  return c.redirect('/admin/leads?notice=deleted', 303);
});
