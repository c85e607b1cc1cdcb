import type { Context } from 'hono';
import { d1Database } from '../../db/client';
import type { AdminEnv } from '../shell/render';
import { type AuditAction, recordAudit } from './record';

/** recordAudit for the signed-in person of an admin request (c.var.person, set by the guard). */
export function audit(c: Context<AdminEnv>, action: AuditAction, objectType?: string, objectId?: string | number) {
  return recordAudit(d1Database(c.env), { actor: c.var.person, action, objectType, objectId });
}
