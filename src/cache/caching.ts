import type { FEED_CACHE, PAGE_CACHE } from '../http/cache-control';

/**
 * How a public route's answers may be kept, declared beside the route (a `*.caching.ts` file)
 * and read by the front door before anything renders. From this one declaration come the page
 * cache's keys, the pages built with the deploy, each answer's Cache-Control and the per-answer
 * fills; a route that declares nothing is never kept (`private, no-store`), so a new page with
 * per-visitor content is private until someone decides otherwise.
 */
export interface KeptCaching {
  keep: 'content';
  /**
   * The query parameters that make another page, each with the values it may take (a list, or a
   * test). Any other parameter makes the URL unkept (campaign tags aside): junk cannot crowd the cache.
   */
  params?: Record<string, readonly string[] | ((value: string) => boolean)>;
  /** Route parameters' values, for the pages built with the deploy ('/services/:slug'). */
  values?: Record<string, readonly string[]>;
  /** Filled on every answer with a fresh form token and the visitor's attribution, so private and whole. */
  fill?: 'form';
  /** Shows posts: expires within a minute (scheduled posts appear) and with every post saved. */
  posts?: boolean;
  /** Rendered by `npm run build` and shipped with the deploy (only pages that show no posts). */
  built?: boolean;
  /** Feeds and text files: cached an hour by browsers; pages: revalidated each time. */
  cacheControl?: typeof PAGE_CACHE | typeof FEED_CACHE;
}

export type Caching = KeptCaching | { keep: 'never' };

/** A page kept with the content revision; options as above. */
export const kept = (options: Omit<KeptCaching, 'keep'> = {}): KeptCaching => ({ keep: 'content', ...options });

export type CachingTable = Readonly<Record<string, Caching>>;

const NEVER: Caching = { keep: 'never' };

/** Does '/services/:slug' match '/services/soakaways'? Segments, with ':name' matching any one. */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes(':')) return pattern === path;
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

/** The declaration for a path, or never. */
export function cachingFor(table: CachingTable, path: string): Caching {
  const exact = table[path];
  if (exact) return exact;
  for (const [pattern, caching] of Object.entries(table)) if (matches(pattern, path)) return caching;
  return NEVER;
}

const allows = (rule: readonly string[] | ((value: string) => boolean), value: string) =>
  typeof rule === 'function' ? rule(value) : rule.includes(value);

/**
 * The key a URL is kept under, or undefined when it is not kept. Parameters in `ignored` (the
 * campaign tags) change nothing on a page and are left out.
 */
export function keyFor(
  caching: Caching,
  path: string,
  params: URLSearchParams,
  ignored: ReadonlySet<string>,
): string | undefined {
  if (caching.keep !== 'content') return undefined;
  const key = new URLSearchParams();
  for (const [name, value] of params) {
    if (ignored.has(name)) continue;
    const rule = caching.params?.[name];
    if (!rule || !allows(rule, value) || key.has(name)) return undefined;
    key.append(name, value);
  }
  return key.size > 0 ? `${path}?${key}` : path;
}

/** Every key of the pages built with the deploy: each built route, with each declared value. */
export function builtKeys(table: CachingTable): string[] {
  const keys: string[] = [];
  for (const [pattern, caching] of Object.entries(table)) {
    if (caching.keep !== 'content' || !caching.built || caching.posts) continue;
    let paths = [pattern];
    for (const [name, values] of Object.entries(caching.values ?? {})) {
      paths = paths.flatMap((path) => values.map((value) => path.replace(`:${name}`, value)));
    }
    for (const path of paths) {
      keys.push(path);
      for (const [name, rule] of Object.entries(caching.params ?? {})) {
        if (typeof rule !== 'function') for (const value of rule) keys.push(`${path}?${new URLSearchParams({ [name]: value })}`);
      }
    }
  }
  return keys;
}
