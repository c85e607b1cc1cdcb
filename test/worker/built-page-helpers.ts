import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { builtPagePath, parseBuiltPage } from '../../src/cache/built-pages';
import worker from '../../src/index';
import { ORIGIN } from './admin-helpers';

/** Shared by the page cache's tests: a deploy of their own, the Worker called whole, a built page altered. */

export type Bindings = Partial<typeof env>;
type BuiltPage = NonNullable<ReturnType<typeof parseBuiltPage>>;

/** A deploy of its own: no copy another test kept (Cache API or D1) is of its version. */
export const freshDeploy = (bindings: Bindings): Bindings => ({
  ...bindings,
  CF_VERSION_METADATA: { id: crypto.randomUUID(), tag: '', timestamp: '' },
});

/** The Worker's answer to one request, its body read and its work after the answer done. */
export async function callWorker(path: string, bindings: Bindings, method = 'GET') {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { method }), { ...env, ...bindings }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

/** The deploy's assets with the page built for `key` replaced by the file `alter` makes of it. */
export async function assetsWithBuiltPage(key: string, alter: (built: BuiltPage) => Uint8Array): Promise<Fetcher> {
  const real = await env.ASSETS.fetch(new Request(new URL(builtPagePath(key), 'https://assets.invalid')));
  const file = alter(parseBuiltPage(new Uint8Array(await real.arrayBuffer()))!);
  return {
    fetch: async (request: Request) =>
      new URL(request.url).pathname === builtPagePath(key) ? new Response(file.buffer as ArrayBuffer) : env.ASSETS.fetch(request),
  } as unknown as Fetcher;
}
