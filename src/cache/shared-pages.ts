import type { Bindings } from '../env';

/**
 * The second tier of the page cache: the Workers Cache API, shared by every isolate in a data
 * centre. Keys carry the Worker's version id (a new one with every deploy, and with every reload
 * under `wrangler dev`), so a deploy never serves the previous build's pages. Pages that list
 * posts also carry the blog generation, which the admin moves on every write; other data centres
 * keep blog pages at most BLOG_TTL_MS. Where the Cache API does nothing (workers.dev, previews)
 * every read is a miss, and a failing cache is a miss too: it must never break a page.
 */
export interface StoredPage {
  body: ArrayBuffer;
  /** The response headers as sent, ETag included. */
  headers: [string, string][];
  /** The body holds form-token placeholders (see `fillFormTokens`). */
  template: boolean;
  /** Epoch ms after which the page must be rendered again. */
  expires: number;
}

type Env = Pick<Bindings, 'SITE_ORIGIN' | 'CF_VERSION_METADATA'>;

const CACHE_NAME = 'pages';
/** Everything the page needs travels in one header, so nothing the Cache API adds leaks out. */
const META_HEADER = 'X-Page-Meta';

async function open(): Promise<Cache | undefined> {
  try {
    return typeof caches === 'undefined' ? undefined : await caches.open(CACHE_NAME);
  } catch {
    return undefined;
  }
}

/** The deploy a kept page belongs to (a new id with every deploy): another deploy's copy is never served. */
export const workerVersion = (env: Pick<Bindings, 'CF_VERSION_METADATA'>) => env.CF_VERSION_METADATA?.id ?? 'local';

/** What travels beside a kept page's body: its headers, whether it holds placeholders, when it expires. */
export type PageMeta = Omit<StoredPage, 'body'>;
export const metaOf = (page: StoredPage): PageMeta => ({ headers: page.headers, template: page.template, expires: page.expires });

const internalUrl = (env: Env, rest: string) => `${env.SITE_ORIGIN.replace(/\/+$/, '')}/__page-cache/${rest}`;

/** The Cache API key of one page: version, content revision, then generation (blog pages only), then the path. */
export const sharedKey = (env: Env, key: string, revision: number, generation: number | undefined) =>
  internalUrl(env, `${workerVersion(env)}/r${revision}/${generation ?? 'static'}${key}`);

/** The page a Cache API response holds, as writeShared stored it; undefined for anything else. */
export async function storedPageOf(res: Response): Promise<StoredPage | undefined> {
  const meta = res.headers.get(META_HEADER);
  if (!meta) return undefined;
  const { headers, template, expires } = JSON.parse(meta) as PageMeta;
  return { body: await res.arrayBuffer(), headers, template, expires };
}

export async function readShared(url: string, now: number): Promise<StoredPage | undefined> {
  try {
    const res = await (await open())?.match(url);
    const page = res && (await storedPageOf(res));
    return page && page.expires > now ? page : undefined;
  } catch {
    return undefined;
  }
}

export async function writeShared(url: string, page: StoredPage, now: number): Promise<void> {
  const seconds = Math.max(1, Math.floor((Math.min(page.expires, now + 86_400_000) - now) / 1000));
  const res = new Response(page.body, {
    headers: { 'Cache-Control': `public, max-age=${seconds}`, [META_HEADER]: JSON.stringify(metaOf(page)) },
  });
  try {
    await (await open())?.put(url, res);
  } catch {}
}

const generationUrl = (env: Env) => internalUrl(env, 'blog-generation');

/** The blog generation last written in this data centre (0 when none). */
export async function readGeneration(env: Env): Promise<number> {
  try {
    const res = await (await open())?.match(generationUrl(env));
    return res ? Number(await res.text()) || 0 : 0;
  } catch {
    return 0;
  }
}

export async function writeGeneration(env: Env, value: number): Promise<void> {
  const res = new Response(String(value), { headers: { 'Cache-Control': 'public, max-age=31536000' } });
  try {
    await (await open())?.put(generationUrl(env), res);
  } catch {}
}
