import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { looksLikeToken } from '../rules/token-shape';

/** Paths whose segments after the first are case-sensitive: admin ids, request links' and calendar feeds' tokens. */
const KEEPS_CASE = new Set(['admin', 'r', 'calendar']);

/**
 * The path's canonical spelling: lower-case, but for a token (a request link's, a feed's: signed
 * and case-sensitive, so lowercased it is a 404) and everything after the first segment of the
 * paths that keep their case. `path` starts with one slash. Each segment is judged alone, so
 * `/R/<token>` and `//r/<token>` come to the same working link as `/r/<token>`.
 */
function canonicalSpelling(path: string): string {
  const [, first = '', ...rest] = path.split('/');
  const keepsCase = KEEPS_CASE.has(first.toLowerCase());
  const spell = (segment: string) => (looksLikeToken(segment) ? segment : segment.toLowerCase());
  return ['', spell(first), ...(keepsCase ? rest : rest.map(spell))].join('/');
}

/**
 * One URL per page: a trailing slash, repeated leading slashes or capital letters in the path
 * redirect (301) to the canonical path, keeping the query string.
 */
export const canonicalPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  let path = url.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  // Collapse leading slashes so '//evil.example' can never become a protocol-relative redirect.
  path = canonicalSpelling(`/${path.replace(/^\/+/, '')}`);
  if (path === url.pathname) return next();
  return c.redirect(`${path}${url.search}`, 301);
};
