import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/** A request to the post editor's routes. */
export type Ctx = Context<AdminEnv>;
