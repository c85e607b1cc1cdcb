import type { SiteContent } from './model';

/**
 * The first content revision (the typed defaults of the site's facts and content modules), as the build
 * writes it: a JSON file shipped with the static assets (scripts/build/pages.mjs), under the
 * path the Worker alone reads (run_worker_first, like the built pages). Data, not code: the
 * services' long text is not in the Worker's script, which every new isolate compiles in full,
 * and is fetched only when no revision has been saved (and then once per isolate).
 */
export const DEFAULT_CONTENT_PATH = '/__built/content-defaults.json';

/**
 * The default texts that say "24/7", each with its wording within opening hours
 * (`lineWordings`), written by the build beside the default content; fetched only
 * when the line keeps hours.
 */
export const LINE_WORDING_PATH = '/__built/content-line-wording.json';

const loading = new Map<string, Promise<unknown>>();

/** One of the build's JSON files, fetched once per isolate (again after a failure). */
function readBuiltJson<T>(env: { ASSETS: Fetcher }, path: string): Promise<T> {
  let pending = loading.get(path);
  if (!pending) {
    pending = (async () => {
      const res = await env.ASSETS.fetch(new Request(new URL(path, 'https://assets.invalid')));
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`${path} is missing (HTTP ${res.status}): npm run build writes it`);
      }
      return res.json();
    })().catch((error: unknown) => {
      loading.delete(path);
      throw error;
    });
    loading.set(path, pending);
  }
  return pending as Promise<T>;
}

export const readDefaultContent = (env: { ASSETS: Fetcher }) => readBuiltJson<SiteContent>(env, DEFAULT_CONTENT_PATH);

export const readLineWording = (env: { ASSETS: Fetcher }) => readBuiltJson<Record<string, string>>(env, LINE_WORDING_PATH);
