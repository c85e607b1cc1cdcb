import type { Bindings } from '../env';
import { CONTENT_EXPIRES_HEADER, FILLED_PAGE_CACHE, FORM_TOKEN_HEADER } from '../http/cache-control';
import type { StoredPage } from './shared-pages';

/**
 * A kept page as every tier hands it to the page cache, and the answers made from it. Form pages
 * are kept with placeholders (route header FORM_TOKEN_HEADER); every response gets a freshly
 * signed token and the visitor's own attribution filled in (fillFormPage), so the minimum-fill-time
 * check stays meaningful and no visitor's values are kept. Such a response is private and always
 * whole (no ETag, no 304): a browser's old copy would carry an old visit.
 */
export interface Entry extends StoredPage {
  /** The HTML with its placeholders, for form pages. */
  text?: string;
}

/** Which tier answered, in the X-Page-Cache header. */
export type Tier = 'hit' | 'built' | 'kept' | 'shared' | 'miss';

/**
 * A form page filled for this request. Imported on first use: the token's signing and the
 * attribution rules (valibot) are for form pages only, not for the front door every isolate
 * evaluates first.
 */
async function fillFormPage(html: string, env: Bindings, request: Request): Promise<string> {
  return (await import('../leads/arrival')).fillFormPage(html, env, request);
}

export const withText = (page: StoredPage): Entry =>
  page.template ? { ...page, text: new TextDecoder().decode(page.body) } : page;

/** A form page's headers: private, and no ETag (each response is filled for its own request). */
function asFilledPage(headers: Headers): Headers {
  headers.delete('etag');
  headers.delete(FORM_TOKEN_HEADER);
  headers.set('Cache-Control', FILLED_PAGE_CACHE);
  return headers;
}

/** The answer to `request` from a kept page: whole, headers only (HEAD), or 304 when the browser's copy is current. */
export async function respond(request: Request, env: Bindings, entry: Entry, tier: Tier): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('X-Page-Cache', tier);
  if (entry.text !== undefined) {
    asFilledPage(headers);
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(await fillFormPage(entry.text, env, request), { status: 200, headers });
  }
  const inm = request.headers.get('if-none-match');
  const etag = headers.get('etag');
  if (etag && inm?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(entry.body, { status: 200, headers });
}

/** A form page that is not kept (an unusual query string): filled all the same. Any other answer as it is. */
export async function filledIfForm(request: Request, env: Bindings, res: Response): Promise<Response> {
  if (!res.headers.has(FORM_TOKEN_HEADER)) return res;
  const headers = asFilledPage(new Headers(res.headers));
  if (request.method === 'HEAD' || !res.body) return new Response(null, { status: res.status, headers });
  return new Response(await fillFormPage(await res.text(), env, request), { status: res.status, headers });
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** A rendered answer as a kept page, good until `expires` (or until its content changes, CONTENT_EXPIRES_HEADER). */
export async function entryFrom(res: Response, expires: number): Promise<Entry> {
  const body = await res.arrayBuffer();
  const template = res.headers.has(FORM_TOKEN_HEADER);
  const contentExpires = Number(res.headers.get(CONTENT_EXPIRES_HEADER));
  if (contentExpires > 0) expires = Math.min(expires, contentExpires);
  const dropped = ['etag', FORM_TOKEN_HEADER.toLowerCase(), CONTENT_EXPIRES_HEADER.toLowerCase()];
  const headers = [...res.headers].filter(([name]) => !dropped.includes(name));
  headers.push(['ETag', await etagOf(body)]);
  return withText({ body, headers, template, expires });
}

/** Only responses whose Cache-Control says `public` are kept. */
export const keepable = (res: Response) =>
  res.status === 200 && (res.headers.get('cache-control') ?? '').includes('public') && !res.headers.has('set-cookie');
