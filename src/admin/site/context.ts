import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

export type Ctx = Context<AdminEnv>;
