import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Public pages are the same for every visitor, so each isolate keeps the finished bytes of the
 * ones it has rendered and answers repeats without rendering again, with an ETag so a browser's
 * repeat visit gets a 304. Only responses whose Cache-Control says `public` are kept; blog pages
 * expire after BLOG_TTL_MS (posts change, and scheduled ones appear), the rest live as long as
 * the isolate (they change only with a deploy). The admin calls invalidatePageCache on writes.
 */
export const BLOG_TTL_MS = 60_000;
const MAX_ENTRIES = 200;

interface Entry {
  body: ArrayBuffer;
  headers: [string, string][];
  etag: string;
  expires: number;
}

const entries = new Map<string, Entry>();

const ttlFor = (path: string) =>
  path === '/blog' || path.startsWith('/blog/') || path === '/sitemap.xml' ? BLOG_TTL_MS : Number.POSITIVE_INFINITY;

/** Only URLs a real link points to are kept, so junk query strings cannot crowd pages out. */
const cacheableQuery = (path: string, params: URLSearchParams) =>
  [...params.entries()].every(([key, value]) => path === '/blog' && key === 'page' && /^[1-9]\d{0,4}$/.test(value));

export function invalidatePageCache(): void {
  entries.clear();
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

function respond(c: Context<AppEnv>, entry: Entry, hit: boolean): Response {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('X-Page-Cache', hit ? 'hit' : 'miss');
  const inm = c.req.header('if-none-match');
  if (inm?.split(',').some((tag) => tag.trim() === entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(c.req.method === 'HEAD' ? null : entry.body, { status: 200, headers });
}

export const pageCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  const path = c.req.path;
  if ((method !== 'GET' && method !== 'HEAD') || path.startsWith('/api/') || path.startsWith('/admin')) return next();
  const url = new URL(c.req.url);
  if (!cacheableQuery(path, url.searchParams)) return next();
  const key = `${path}${url.search}`;
  const now = Date.now();
  const cached = entries.get(key);
  if (cached && cached.expires > now) {
    // Refresh its place in the LRU order.
    entries.delete(key);
    entries.set(key, cached);
    c.res = respond(c, cached, true);
    return;
  }
  await next();
  const res = c.res;
  if (res.status !== 200 || !(res.headers.get('cache-control') ?? '').includes('public') || res.headers.has('set-cookie')) return;
  const body = await res.arrayBuffer();
  const entry: Entry = { body, headers: [...res.headers], etag: await etagOf(body), expires: now + ttlFor(path) };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  c.res = undefined;
  c.res = respond(c, entry, false);
};
