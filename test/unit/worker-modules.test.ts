import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { instrumentedCopy, migratedDatabase, runtimeConfig, startSplitWorker } from '../../scripts/workerd-modules.mjs';

// `npm test` builds first: dist/worker/ is the split Worker that `npm run deploy` uploads and
// `wrangler dev` serves, and dist/worker.meta.json says which source files went into each module.
// Each first answer below comes from a fresh workerd under the new module registry, which compiles
// a module only when it is first imported, so the modules a first answer evaluated are the ones
// it compiled. An accidental static import of the admin from the site fails here.
const root = path.resolve(import.meta.dirname, '../..');
const ORIGIN = 'https://www.example.com';
const TOKEN = 'worker-modules-token-0123456789';

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}
const meta: Meta = JSON.parse(readFileSync(path.join(root, 'dist/worker.meta.json'), 'utf8'));
/** The source files (and packages' files) that went into each module of dist/worker/. */
const sourcesOf = (file: string) => Object.keys(meta.outputs[`dist/worker/${file}`]?.inputs ?? {});

const ADMIN = /^src\/admin\//;
const SITE = /^src\/app\.ts$/;
const RENDERER = /node_modules\/react-dom\//;
const MARKDOWN = /node_modules\/(marked|xss)\//;
const LIBSQL = /node_modules\/@libsql\//;
const PASSKEYS = /node_modules\/@oslojs\//;
const ROUTER = /node_modules\/hono\/dist\/(hono-base|hono|router)/;
const DRIZZLE = /node_modules\/drizzle-orm\//;
const VALIBOT = /node_modules\/valibot\//;
/** What a lead form post needs: the lead pipeline, the outbox, the owner's alerts, the jobs. */
const LEAD_PIPELINE = /^src\/(leads\/submit|leads\/store-lead|outbox|push|jobs)\b/;
/** The form pages' own code: the islands' server render and the form rules. */
const FORMS = /^client\/forms\/|^src\/leads\/(schemas|attribution)\.ts$/;
/** Every page component but Home's and the error page's (which every site answer may need). */
const OTHER_PAGES = /^src\/pages\/(?!HomePage|ErrorPage)/;

let copy: { dir: string; entry: string; remove: () => void };
let persist: string;
let config: Awaited<ReturnType<typeof runtimeConfig>>;

beforeAll(async () => {
  copy = instrumentedCopy();
  persist = migratedDatabase();
  config = await runtimeConfig();
}, 120_000);
afterAll(() => copy?.remove());

/** The sources a fresh isolate evaluated to answer `requests` (the last one's list: it includes the earlier ones'). */
async function firstAnswer(requests: { path: string; init?: RequestInit }[], vars: Record<string, string> = {}) {
  const worker = await startSplitWorker({
    dir: copy.dir,
    entry: copy.entry,
    registry: 'new',
    config,
    persist,
    vars: { ADMIN_TOKEN: TOKEN, FORM_SIGNING_SECRET: 'worker-modules-secret', ...vars },
  });
  try {
    let modules = '[]';
    let cookie = '';
    const statuses: number[] = [];
    for (const { path: p, init } of requests) {
      const headers = new Headers(init?.headers);
      if (cookie) headers.set('Cookie', cookie);
      const res: Response = await worker.mf.dispatchFetch(`${ORIGIN}${p}`, { ...init, headers, redirect: 'manual' });
      statuses.push(res.status);
      modules = res.headers.get('x-modules') ?? '[]';
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      await res.arrayBuffer();
    }
    const files: string[] = JSON.parse(modules);
    return { statuses, files, sources: new Set(files.flatMap(sourcesOf)) };
  } finally {
    await worker.stop();
  }
}

const has = (sources: Set<string>, pattern: RegExp) => [...sources].some((s) => pattern.test(s));
/** The sources matching any of `patterns`: [] when none, so a failure names the files. */
const matching = (sources: Set<string>, patterns: RegExp[]) => [...sources].filter((s) => patterns.some((p) => p.test(s)));

describe('the modules each first answer compiles (split build, new module registry)', () => {
  it('a kept / (a page built with the deploy) compiles the front door alone, without a router', async () => {
    const { statuses, sources } = await firstAnswer([{ path: '/' }]);
    expect(statuses).toEqual([200]);
    expect(sources).toContain('src/index.ts');
    expect(matching(sources, [SITE, ROUTER, RENDERER, DRIZZLE, VALIBOT, ADMIN, MARKDOWN, LIBSQL, PASSKEYS])).toEqual([]);
  }, 60_000);

  it("a rendered / compiles Home and the site, and no other page, no database layer and no form's code", async () => {
    const { statuses, sources } = await firstAnswer([{ path: '/' }], { BUILT_PAGES: 'off' });
    expect(statuses).toEqual([200]);
    expect(sources).toContain('src/pages/HomePage.tsx');
    expect(matching(sources, [DRIZZLE, VALIBOT, LEAD_PIPELINE, FORMS, OTHER_PAGES])).toEqual([]);
  }, 60_000);

  it.each(['/', '/services/drain-unblocking', '/contact', '/blog'])(
    'a rendered %s compiles the site and its renderer, and none of the admin, the Markdown renderer or libSQL',
    async (page) => {
      const { statuses, sources } = await firstAnswer([{ path: page }], { BUILT_PAGES: 'off' });
      expect(statuses).toEqual([200]);
      expect(has(sources, SITE)).toBe(true);
      expect(has(sources, RENDERER)).toBe(true);
      expect(matching(sources, [ADMIN, MARKDOWN, LIBSQL, PASSKEYS])).toEqual([]);
      // Only the blog reads from the database through Drizzle; nothing rendered needs the lead pipeline.
      expect(matching(sources, page === '/blog' ? [LEAD_PIPELINE] : [DRIZZLE, LEAD_PIPELINE])).toEqual([]);
      expect(has(sources, DRIZZLE)).toBe(page === '/blog');
    },
    60_000,
  );

  it('a blog post compiles the Markdown renderer, and none of the admin', async () => {
    const list = await firstAnswer([{ path: '/blog' }], { BUILT_PAGES: 'off' });
    expect(list.statuses).toEqual([200]);
    const worker = await startSplitWorker({ dir: copy.dir, entry: copy.entry, registry: 'new', config, persist });
    let slug: string | undefined;
    try {
      const html = await (await worker.mf.dispatchFetch(`${ORIGIN}/blog`)).text();
      slug = /href="\/blog\/([a-z0-9-]+)"/.exec(html)?.[1];
    } finally {
      await worker.stop();
    }
    expect(slug).toBeTruthy();
    const { statuses, sources } = await firstAnswer([{ path: `/blog/${slug}` }], { BUILT_PAGES: 'off' });
    expect(statuses).toEqual([200]);
    expect(has(sources, MARKDOWN)).toBe(true);
    expect(matching(sources, [ADMIN, LIBSQL, PASSKEYS])).toEqual([]);
  }, 90_000);

  it('the admin, signed in, compiles the admin', async () => {
    const { statuses, sources } = await firstAnswer([
      {
        path: '/admin/login',
        init: {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: TOKEN }).toString(),
        },
      },
      { path: '/admin/leads' },
    ]);
    expect(statuses).toEqual([303, 200]);
    expect(has(sources, ADMIN)).toBe(true);
    expect(sources).toContain('src/admin/app.tsx');
  }, 60_000);
});
