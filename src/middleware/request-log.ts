import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { log } from '../log';

/**
 * One structured line per request: method, path (no query string), status, duration. No
 * bodies, no IP addresses; the logger masks anything in the path that looks like personal data.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  let path = c.req.path;
  try {
    path = decodeURIComponent(path);
  } catch {}
  log.info('request', { method: c.req.method, path: path.slice(0, 200), status: c.res.status, ms: Date.now() - started });
};
