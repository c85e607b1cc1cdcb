import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { factsFields } from '../../src/admin/site/facts-form';
import { siteApp } from '../../src/app';
import { builtPageFile } from '../../src/cache/built-pages';
import { blogGeneration, forgetLocalPages } from '../../src/cache/isolate-pages';
import { pageCache } from '../../src/cache/page-cache';
import { sharedKey, writeShared } from '../../src/cache/shared-pages';
import * as schema from '../../src/db/schema';
import { publicCaching } from '../../src/routes/caching';
import { defaultFacts } from '../../src/site';
import { forgetRevision } from '../../src/site-content/revision';
import { takeLogs } from '../support/console-guard';
import { insertPosts, makePosts, resetBlog } from '../unit/blog-fixtures';
import { ORIGIN, signIn } from './admin-helpers';
import { assetsWithBuiltPage, type Bindings, callWorker, freshDeploy } from './built-page-helpers';
import { newestRevision, postSite } from './site-helpers';

/**
 * A cache tier keeps only a GET's complete answer: a HEAD (an uptime monitor sends one), an
 * OPTIONS or a render cut off part-way before the first GET must not leave an empty or cut page
 * for everyone after, in any tier (this isolate's memory, the pages built with the deploy, the
 * data centre's Cache API, D1's kept pages). And a tier that holds such a page never serves it.
 */

const ROUTES = [
  '/privacy',
  '/robots.txt',
  '/.well-known/security.txt',
  '/sitemap.xml',
  '/blog/rss.xml',
  '/blog/post-1',
  '/services/drain-unblocking',
  '/free-quote?service=cctv-drain-survey',
] as const;
/** Pages kept in D1 after an edit (those that list posts stay with the Cache API). */
const D1_ROUTES = ['/privacy', '/robots.txt', '/services/drain-unblocking', '/free-quote?service=cctv-drain-survey'] as const;
/** Pages built with the deploy. */
const BUILT_ROUTES = ['/privacy', '/services/drain-unblocking', '/free-quote?service=cctv-drain-survey'] as const;

/** A new isolate: nothing in memory, no revision read yet. */
function newIsolate(): void {
  forgetLocalPages();
  forgetRevision();
}

async function etagOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  return `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** The page as the site renders it, with no tier in the way. */
async function rendered(path: string, bindings: Bindings): Promise<string> {
  const res = await siteApp.fetch(new Request(`${ORIGIN}${path}`), { ...env, ...bindings }, createExecutionContext());
  expect(res.status, path).toBe(200);
  return res.text();
}

/** GET answers the whole page: 200, the rendered body (a form page: filled, so its form), and the ETag of that body. */
async function expectWholePage(path: string, bindings: Bindings, tier: string) {
  const { res, body } = await callWorker(path, bindings);
  expect(res.status, `${tier} ${path}`).toBe(200);
  if (path.startsWith('/free-quote')) {
    expect(body, `${tier} ${path}`).toContain('</form>');
    expect(body.trimEnd().endsWith('</html>'), `${tier} ${path}`).toBe(true);
    expect(res.headers.get('etag')).toBeNull();
    return;
  }
  expect(body, `${tier} ${path}`).toBe(await rendered(path, bindings));
  if (res.headers.has('x-page-cache')) expect(res.headers.get('etag'), `${tier} ${path}`).toBe(await etagOf(body));
}

/**
 * HEAD and OPTIONS, then a render cut off part-way (its stream fails) and, for an HTML or XML
 * document, one cut short (its stream ends early: a text file cut short cannot be told from a
 * whole one).
 */
async function sendBadFirsts(path: string, bindings: Bindings, between: () => void, renders = true) {
  const head = await callWorker(path, bindings, 'HEAD');
  expect(head.res.status, path).toBe(200);
  expect(head.body).toBe('');
  between();
  await callWorker(path, bindings, 'OPTIONS');
  between();
  const cuts = path.endsWith('.txt') ? (['fails'] as const) : (['fails', 'ends early'] as const);
  for (const cut of cuts) {
    const all = { ...env, ...bindings };
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`);
    const render = async () => {
      const whole = await siteApp.fetch(request, all, ctx);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, Math.floor(bytes.length / 2)));
          if (cut === 'fails') controller.error(new Error('render failed part-way'));
          else controller.close();
        },
      });
      return new Response(body, { status: whole.status, headers: whole.headers });
    };
    await pageCache(publicCaching, request, new URL(request.url).pathname, all, ctx, render).then(
      (res) => res.arrayBuffer(),
      () => undefined,
    );
    await waitOnExecutionContext(ctx);
    const refused = takeLogs('warn', 'page not kept: not a whole page');
    if (cut === 'ends early' && renders) expect(refused, path).toHaveLength(1);
    between();
  }
}

const session = () => signIn();

beforeAll(async () => {
  const db = drizzle(env.DB, { schema });
  await resetBlog(db);
  await insertPosts(db, makePosts(3));
});

describe('before any edit (revision 0)', () => {
  it("this isolate's memory keeps no HEAD, OPTIONS or cut-off answer", async () => {
    const bindings = freshDeploy({ BUILT_PAGES: 'off' });
    for (const path of ROUTES) {
      newIsolate();
      await sendBadFirsts(path, bindings, () => {});
      await expectWholePage(path, bindings, 'memory');
    }
  });

  it("the data centre's Cache API keeps none either: another isolate gets the whole page", async () => {
    const bindings = freshDeploy({ BUILT_PAGES: 'off' });
    for (const path of ROUTES) {
      newIsolate();
      await sendBadFirsts(path, bindings, forgetLocalPages);
      await expectWholePage(path, bindings, 'Cache API');
    }
  });

  it('the Cache API never serves an empty or cut page it holds', async () => {
    const bindings = freshDeploy({ BUILT_PAGES: 'off' });
    const all = { ...env, ...bindings };
    for (const path of ['/privacy', '/sitemap.xml']) {
      for (const body of ['', (await rendered(path, bindings)).slice(0, 200)]) {
        newIsolate();
        const headers: [string, string][] = [
          ['content-type', path.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/html; charset=utf-8'],
          ['cache-control', 'public, max-age=0'],
          ['ETag', await etagOf(body)],
        ];
        const page = { body: new TextEncoder().encode(body).buffer as ArrayBuffer, headers, template: false };
        // The sitemap lists the posts: its key carries the blog generation.
        const generation = path === '/sitemap.xml' ? blogGeneration() : undefined;
        await writeShared(sharedKey(all, path, 0, generation), { ...page, expires: Date.now() + 60_000 }, Date.now());
        await expectWholePage(path, bindings, 'Cache API held');
        expect(takeLogs('warn', 'kept page not served: not a whole page').length).toBeGreaterThan(0);
      }
    }
  });

  it('the pages built with the deploy answer HEAD from the built copy, and a GET after it whole', async () => {
    for (const path of BUILT_ROUTES) {
      newIsolate();
      const head = await callWorker(path, { BUILT_PAGES: 'on' }, 'HEAD');
      expect(head.res.headers.get('x-page-cache'), path).toBe('built');
      // The built copy answers before any render.
      await sendBadFirsts(path, { BUILT_PAGES: 'on' }, () => {}, false);
      await expectWholePage(path, { BUILT_PAGES: 'on' }, 'built');
    }
  });

  it('a built page with an empty or cut body is never served', async () => {
    for (const cut of [0, 300]) {
      const key = '/privacy';
      const assets = await assetsWithBuiltPage(key, (built) => builtPageFile(built.meta, built.body.slice(0, cut)));
      newIsolate();
      const bindings = freshDeploy({ BUILT_PAGES: 'on', ASSETS: assets });
      const { res } = await callWorker(key, bindings);
      expect(res.headers.get('x-page-cache')).not.toBe('built');
      await expectWholePage(key, bindings, 'built, cut');
      expect(takeLogs('warn', 'kept page not served: not a whole page').length).toBeGreaterThan(0);
    }
  });
});

describe('after an edit (D1 keeps the pages for every data centre)', () => {
  beforeAll(async () => {
    const res = await postSite(await session(), '/admin/site/facts', {
      ...factsFields(defaultFacts),
      tagline: 'Whole pages only',
    });
    expect(res.status).toBe(303);
    takeLogs('info', 'site content published');
  });

  it('D1 keeps no HEAD, OPTIONS or cut-off answer: a cold isolate anywhere gets the whole page', async () => {
    const bindings = freshDeploy({ KEEP_ON_SAVE: 'on' });
    for (const path of ROUTES) {
      newIsolate();
      await sendBadFirsts(path, bindings, newIsolate);
      await expectWholePage(path, bindings, 'D1');
    }
  });

  it('a kept row with an empty or cut body is never served', async () => {
    const bindings = freshDeploy({ KEEP_ON_SAVE: 'on' });
    const version = bindings.CF_VERSION_METADATA!.id;
    const revision = await newestRevision();
    for (const path of D1_ROUTES) {
      const whole = await rendered(path, bindings);
      for (const body of ['', whole.slice(0, 300)]) {
        newIsolate();
        const meta = {
          headers: [
            ['content-type', path.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8'],
            ['cache-control', 'public, max-age=0'],
            ['ETag', await etagOf(body)],
          ],
          template: false,
          expires: Date.now() + 60_000,
        };
        if (path.endsWith('.txt') && body !== '') continue; // a cut text file is not told from a whole one
        await env.DB.prepare(
          `INSERT INTO kept_pages (key, version, revision, meta, body) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (key) DO UPDATE SET version = excluded.version, revision = excluded.revision, meta = excluded.meta, body = excluded.body`,
        )
          .bind(path, version, revision, JSON.stringify(meta), body)
          .run();
        await expectWholePage(path, bindings, 'D1 held');
        expect(takeLogs('warn', 'kept page not served: not a whole page').length).toBeGreaterThan(0);
      }
    }
  });
});
