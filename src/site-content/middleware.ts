import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { currentContent } from './current';
import { previewContentOf } from './preview-content';

/** Every request of the site is answered from the current content revision (c.var.content), or the admin's preview's draft. */
export const withContent: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('content', previewContentOf(c.req.raw) ?? (await currentContent(c.env)));
  await next();
};
