import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/**
 * Who did something to a lead (a status change, a note), as the timeline records it: the
 * signed-in person's name (set by the guard on every admin request).
 */
export const actorOf = (c: Context<AdminEnv>): string => c.var.person.name;
