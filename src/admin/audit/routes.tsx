import { Hono } from 'hono';
import { auditPage } from '../../db/audit';
import { d1Database } from '../../db/client';
import { pageOrFirst } from '../../rules/page-number';
import { declareAccess } from '../auth/access';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { AuditPage } from './AuditPage';

/** The audit log, for the owner only (as its access declares). */
export const auditRoutes = new Hono<AdminEnv>();
/** The audit log is the owner's. */
declareAccess(auditRoutes, { who: 'owner' });

const PER_PAGE = 50;

auditRoutes.get('/admin/audit', async (c) => {
  const page = pageOrFirst(c.req.query('page'));
  const { rows, total } = await auditPage(d1Database(c.env), page, PER_PAGE);
  const pageCount = Math.max(1, Math.ceil(total / PER_PAGE));
  return renderAdmin(
    <AuditPage rows={rows} total={total} page={page} pageCount={pageCount} />,
    signedIn(c, 'Audit log', 'audit'),
  );
});
