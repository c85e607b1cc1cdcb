import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/** Lead ids are UUIDs; anything else in the path is refused before the database is asked. */
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The route's :id when it is shaped like a lead id, else null. */
export const leadIdOf = (c: Context<AdminEnv>) => {
  const id = c.req.param('id') ?? '';
  return LEAD_ID.test(id) ? id : null;
};
