import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const EMAIL = /[^\s/@?&=]+@[^\s/@?&=]+\.[^\s/@?&=]+/g;
const PHONE = /\+?\d[\d\s().-]{7,}\d/g;

/** Hides anything that looks like an e-mail address or a phone number. */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/**
 * One structured line per request: method, path (no query string), status, duration. No
 * bodies, no IP addresses, no personal data.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  let path = c.req.path;
  try {
    path = decodeURIComponent(path);
  } catch {}
  // console.info, not console.log: the platform files it at the level the line states, and
  // wrangler dev passes info lines through without source-mapping each one.
  console.info(
    JSON.stringify({
      level: 'info',
      msg: 'request',
      method: c.req.method,
      path: maskPersonalData(path).slice(0, 200),
      status: c.res.status,
      ms: Date.now() - started,
    }),
  );
};
