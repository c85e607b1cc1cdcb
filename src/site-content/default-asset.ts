import type { SiteContent } from './model';

/**
 * The first content revision (the typed defaults of src/site.ts and src/content/), as the build
 * writes it: a JSON file shipped with the static assets (scripts/build/pages.mjs), under the
 * path the Worker alone reads (run_worker_first, like the built pages). Data, not code: the
 * services' long text is not in the Worker's script, which every new isolate compiles in full,
 * and is fetched only when no revision has been saved (and then once per isolate).
 */
export const DEFAULT_CONTENT_PATH = '/__built/content-defaults.json';

let loading: Promise<SiteContent> | undefined;

export function readDefaultContent(env: { ASSETS: Fetcher }): Promise<SiteContent> {
  loading ??= (async () => {
    const res = await env.ASSETS.fetch(new Request(new URL(DEFAULT_CONTENT_PATH, 'https://assets.invalid')));
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`the default content is missing (HTTP ${res.status}): npm run build writes it`);
    }
    return (await res.json()) as SiteContent;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
