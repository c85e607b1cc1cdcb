import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/**
 * Who did something to a lead (a status change, a note), as the timeline records it. Today one
 * owner holds the admin's only session, so it is always 'owner'; once people sign in by name this
 * is the one place that reads the signed-in person from the session instead.
 */
export const actorOf = (_c: Context<AdminEnv>): string => 'owner';
