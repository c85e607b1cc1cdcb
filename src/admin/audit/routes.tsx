import { Hono } from 'hono';
import { type AuditCursor, auditPage } from '../../db/audit';
import { d1Database } from '../../db/client';
import type { PageStart } from '../../db/keyset';
import { pageOrFirst } from '../../rules/page-number';
import { declareAccess } from '../auth/access';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { AuditPage } from './AuditPage';

/** The audit log, for the owner only (as its access declares). */
export const auditRoutes = new Hono<AdminEnv>();
/** The audit log is the owner's. */
declareAccess(auditRoutes, { who: 'owner' });

const PER_PAGE = 50;

/** A cursor in the URL: the line's time and id ('1767225600000.42'). */
const CURSOR = /^(\d{1,15})\.(\d{1,15})$/;

function cursorOf(raw: string | undefined): AuditCursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

function auditStartOf(after: string | undefined, before: string | undefined): PageStart<AuditCursor> {
  const older = cursorOf(after);
  if (older) return { after: older };
  const newer = cursorOf(before);
  return newer ? { before: newer } : null;
}

auditRoutes.get('/admin/audit', async (c) => {
  const start = auditStartOf(c.req.query('after'), c.req.query('before'));
  // Page 2 and on start at a cursor; a page number without one is the first page.
  const page = start ? pageOrFirst(c.req.query('page')) : 1;
  const { rows, total, older, newer } = await auditPage(d1Database(c.env), start, PER_PAGE);
  return renderAdmin(
    <AuditPage rows={rows} total={total} page={page} perPage={PER_PAGE} older={older} newer={newer} />,
    signedIn(c, 'Audit log', 'audit'),
  );
});
