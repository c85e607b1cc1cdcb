import type { Context, MiddlewareHandler } from 'hono';
import { isServiceSlug } from '../content/service-slugs';
import type { AppEnv } from '../env';
import { FORM_TOKEN_HEADER, fillFormTokens } from '../leads/form-token';

/**
 * Public pages are the same for every visitor, so each isolate keeps the finished bytes of the
 * ones it has rendered and answers repeats without rendering again, with an ETag so a browser's
 * repeat visit gets a 304. Only responses whose Cache-Control says `public` are kept; blog pages
 * expire after BLOG_TTL_MS (posts change, and scheduled ones appear), the rest live as long as
 * the isolate (they change only with a deploy). The admin calls invalidatePageCache on writes.
 *
 * Form pages are kept with a placeholder token (route header FORM_TOKEN_HEADER); every response
 * gets a freshly signed token swapped in, so the minimum-fill-time check stays meaningful.
 */
export const BLOG_TTL_MS = 60_000;
const MAX_ENTRIES = 200;

interface Entry {
  body: ArrayBuffer;
  /** Set for form pages: the HTML with its token placeholders. */
  template?: string;
  headers: [string, string][];
  etag: string;
  expires: number;
}

const entries = new Map<string, Entry>();

const ttlFor = (path: string) =>
  path === '/blog' || path.startsWith('/blog/') || path === '/sitemap.xml' ? BLOG_TTL_MS : Number.POSITIVE_INFINITY;

/** Only URLs a real link points to are kept, so junk query strings cannot crowd pages out. */
const cacheableQuery = (path: string, params: URLSearchParams) =>
  [...params.entries()].every(
    ([key, value]) =>
      (path === '/blog' && key === 'page' && /^[1-9]\d{0,4}$/.test(value)) ||
      (path === '/free-quote' && key === 'service' && isServiceSlug(value)),
  );

export function invalidatePageCache(): void {
  entries.clear();
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

async function respond(c: Context<AppEnv>, entry: Entry, hit: boolean): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('X-Page-Cache', hit ? 'hit' : 'miss');
  const inm = c.req.header('if-none-match');
  // A revalidated form page keeps the browser's copy: its token never expires.
  if (inm?.split(',').some((tag) => tag.trim() === entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = entry.template === undefined ? entry.body : await fillFormTokens(entry.template, c.env);
  return new Response(body, { status: 200, headers });
}

/** Reads a response that carries form-token placeholders and returns it with fresh tokens. */
async function withFreshTokens(c: Context<AppEnv>, res: Response): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.delete(FORM_TOKEN_HEADER);
  if (c.req.method === 'HEAD' || !res.body) return new Response(null, { status: res.status, headers });
  return new Response(await fillFormTokens(await res.text(), c.env), { status: res.status, headers });
}

export const pageCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  const path = c.req.path;
  if ((method !== 'GET' && method !== 'HEAD') || path.startsWith('/api/') || path.startsWith('/admin')) return next();
  const url = new URL(c.req.url);
  const cacheable = cacheableQuery(path, url.searchParams);
  const key = `${path}${url.search}`;
  const now = Date.now();
  const cached = cacheable ? entries.get(key) : undefined;
  if (cached && cached.expires > now) {
    // Refresh its place in the LRU order.
    entries.delete(key);
    entries.set(key, cached);
    c.res = await respond(c, cached, true);
    return;
  }
  await next();
  const res = c.res;
  const hasFormToken = res.headers.has(FORM_TOKEN_HEADER);
  const keep =
    cacheable &&
    res.status === 200 &&
    (res.headers.get('cache-control') ?? '').includes('public') &&
    !res.headers.has('set-cookie');
  if (!keep) {
    if (hasFormToken) {
      c.res = undefined;
      c.res = await withFreshTokens(c, res);
    }
    return;
  }
  const body = await res.arrayBuffer();
  const headers = [...res.headers].filter(([name]) => name.toLowerCase() !== FORM_TOKEN_HEADER.toLowerCase());
  const entry: Entry = {
    body,
    ...(hasFormToken ? { template: new TextDecoder().decode(body) } : {}),
    headers,
    etag: await etagOf(body),
    expires: now + ttlFor(path),
  };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  c.res = undefined;
  c.res = await respond(c, entry, false);
};
