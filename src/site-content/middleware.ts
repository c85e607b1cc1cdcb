import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { currentContent } from './current';

/** Every request of the site is answered from the current content revision (c.var.content). */
export const withContent: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('content', await currentContent(c.env));
  await next();
};
