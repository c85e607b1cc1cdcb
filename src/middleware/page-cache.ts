import { BUILT_PAGE_KEYS, fetchBuilt, readBuilt } from '../cache/built-pages';
import { cachingFor, keyFor } from '../cache/caching';
import { dropKeptBefore, pageOfRow, pageWanted, readKept, writeKept } from '../cache/kept-pages';
import { readGeneration, readShared, type StoredPage, sharedKey, writeGeneration, writeShared } from '../cache/shared-pages';
import type { Bindings } from '../env';
import { FILLED_PAGE_CACHE, FORM_TOKEN_HEADER } from '../http/cache-control';
import { publicCaching } from '../routes/caching';
import { CAMPAIGN_PARAMS } from '../rules/campaign-params';
import { currentRevision, knownRevisionId, UNKNOWN_REVISION } from '../site-content/revision';

/**
 * Public pages are the same for every visitor, so finished pages are kept in tiers: each
 * isolate's memory; for the pages that change only with a deploy, the copies built with it
 * (src/cache/built-pages.ts); for those pages once the owner has edited the site, the copies kept
 * in D1 for every data centre (src/cache/kept-pages.ts); and for the rest (blog pages, and every
 * page while KEEP_ON_SAVE is off) the Cache API shared by the data centre
 * (src/cache/shared-pages.ts). A kept page is answered without running anything else, with an
 * ETag so a browser's repeat visit gets a 304. Only responses whose Cache-Control says `public`
 * are kept. Pages that show posts expire after BLOG_TTL_MS (scheduled posts appear) and are
 * dropped when the admin writes (invalidatePageCache); other isolates notice that write within
 * GENERATION_CHECK_MS. The rest change only with a deploy.
 *
 * Form pages are kept with placeholders (route header FORM_TOKEN_HEADER); every response gets a
 * freshly signed token and the visitor's own attribution filled in (src/leads/arrival.ts), so the
 * minimum-fill-time check stays meaningful and no visitor's values are kept. Such a response is
 * private and always whole (no ETag, no 304): a browser's old copy would carry an old visit.
 *
 * The utm_* and gclid parameters of advert and campaign links change nothing on a page, so they
 * are left out of the key: an advert's landing page is served from the cache like any other.
 *
 * Every kept copy belongs to one content revision (src/site-content/revision.ts): this isolate's
 * memory is emptied when the revision it reads changes, the Cache API key carries the revision,
 * and a built page is used only for the revision it was built from. A page that shows a notice
 * expires when the notice starts or ends (CONTENT_EXPIRES_HEADER, set by the renderer).
 */
export const BLOG_TTL_MS = 60_000;
export const GENERATION_CHECK_MS = 5_000;
/** Pages that change only with a deploy; the version id in the shared key covers deploys. */
const STATIC_TTL_MS = 86_400_000;
const MAX_ENTRIES = 200;

interface Entry extends StoredPage {
  /** The HTML with its placeholders, for form pages. */
  text?: string;
}

const entries = new Map<string, Entry>();
/** The content revision every entry in `entries` was rendered from. */
let entriesRevision: number | undefined;

/** Set by the renderer on a page whose content changes at a known time (a notice starts or ends): epoch ms. */
export const CONTENT_EXPIRES_HEADER = 'X-Content-Expires';
/** Set by the renderer on every page: the content revision it was rendered from. */
export const CONTENT_REVISION_HEADER = 'X-Content-Revision';
/** The blog generation this isolate's blog entries belong to, and when it was last compared. */
const generation = { value: 0, checkedAt: Number.NEGATIVE_INFINITY };

/** Pages the route declares as showing posts (src/routes/caching.ts). */
const showsPosts = (path: string) => {
  const caching = cachingFor(publicCaching, path);
  return caching.keep === 'content' && caching.posts === true;
};

const campaignParams: ReadonlySet<string> = new Set(CAMPAIGN_PARAMS);

/** After a post changes: this isolate forgets its pages, and the data centre's blog pages go stale. */
export async function invalidatePageCache(env: Bindings): Promise<void> {
  entries.clear();
  generation.value = Math.max(Date.now(), generation.value + 1);
  generation.checkedAt = Date.now();
  await writeGeneration(env, generation.value);
}

/** Forgets this isolate's pages only, as a fresh isolate would start (the tests use it). */
export function forgetLocalPages(): void {
  entries.clear();
}

/** Every few seconds, takes up a newer generation written by another isolate's admin request. */
async function syncGeneration(env: Bindings, now: number): Promise<void> {
  if (now - generation.checkedAt < GENERATION_CHECK_MS) return;
  generation.checkedAt = now;
  const latest = await readGeneration(env);
  if (latest <= generation.value) return;
  generation.value = latest;
  for (const key of entries.keys()) if (showsPosts(key.replace(/\?.*$/, ''))) entries.delete(key);
}

/** This isolate's memory holds one revision's pages: another revision's are forgotten. */
function entriesOf(revision: number): void {
  if (revision === entriesRevision) return;
  entries.clear();
  entriesRevision = revision;
}

function remember(key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

/**
 * A form page filled for this request. Imported on first use: the token's signing and the
 * attribution rules (valibot) are for form pages only, not for the front door every isolate
 * evaluates first.
 */
async function fillFormPage(html: string, env: Bindings, request: Request): Promise<string> {
  return (await import('../leads/arrival')).fillFormPage(html, env, request);
}

const withText = (page: StoredPage): Entry => (page.template ? { ...page, text: new TextDecoder().decode(page.body) } : page);

/** A form page's headers: private, and no ETag (each response is filled for its own request). */
function asFilledPage(headers: Headers): Headers {
  headers.delete('etag');
  headers.delete(FORM_TOKEN_HEADER);
  headers.set('Cache-Control', FILLED_PAGE_CACHE);
  return headers;
}

async function respond(request: Request, env: Bindings, entry: Entry, tier: 'hit' | 'built' | 'kept' | 'shared' | 'miss') {
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
async function filledIfForm(request: Request, env: Bindings, res: Response): Promise<Response> {
  if (!res.headers.has(FORM_TOKEN_HEADER)) return res;
  const headers = asFilledPage(new Headers(res.headers));
  if (request.method === 'HEAD' || !res.body) return new Response(null, { status: res.status, headers });
  return new Response(await fillFormPage(await res.text(), env, request), { status: res.status, headers });
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

async function entryFrom(res: Response, expires: number): Promise<Entry> {
  const body = await res.arrayBuffer();
  const template = res.headers.has(FORM_TOKEN_HEADER);
  const contentExpires = Number(res.headers.get(CONTENT_EXPIRES_HEADER));
  if (contentExpires > 0) expires = Math.min(expires, contentExpires);
  const dropped = ['etag', FORM_TOKEN_HEADER.toLowerCase(), CONTENT_EXPIRES_HEADER.toLowerCase()];
  const headers = [...res.headers].filter(([name]) => !dropped.includes(name));
  headers.push(['ETag', await etagOf(body)]);
  return withText({ body, headers, template, expires });
}

const keepable = (res: Response) =>
  res.status === 200 && (res.headers.get('cache-control') ?? '').includes('public') && !res.headers.has('set-cookie');

/** A built page read early that is not needed after all. */
const discard = (read: Promise<Response | undefined> | undefined) => {
  read?.then((res) => res?.body?.cancel()).catch(() => {});
};

/**
 * The front door's cache (src/index.ts): a page a tier holds is answered from here; anything else
 * is asked of `render` (the site), and its answer kept when its route declares it so. Plain
 * fetch-handler arguments, no router: a cold isolate answering a kept page evaluates none.
 * `path` is the request's path as the site's router reads it.
 */
export async function pageCache(
  request: Request,
  path: string,
  env: Bindings,
  ctx: ExecutionContext | undefined,
  render: () => Promise<Response>,
): Promise<Response> {
  const method = request.method;
  // Only what a route declares kept (src/routes/caching.ts): the API, the admin and uploaded
  // pictures (immutable, cached by browsers and the edge) never are.
  const caching = method === 'GET' || method === 'HEAD' ? cachingFor(publicCaching, path) : undefined;
  if (caching?.keep !== 'content') return render();
  const now = Date.now();
  const key = keyFor(caching, path, new URL(request.url).searchParams, campaignParams);
  // An unusual query string: rendered for its request, never kept.
  if (key === undefined) return filledIfForm(request, env, await render());
  const posts = caching.posts === true;
  // A cold isolate (or one whose revision is due a check) that has shown no edit yet reads the
  // page built with the deploy while it asks D1 for the revision: the two waits overlap. The
  // built copy is used only if the revision is still 0 (readBuilt).
  const early = !posts && !entries.has(key) && (knownRevisionId() ?? 0) === 0 ? fetchBuilt(env, key) : undefined;
  // When D1 is read for the revision and this isolate does not hold the page, the copy kept for
  // every data centre comes in the same statement.
  const keeping = !posts && env.KEEP_ON_SAVE !== 'off';
  const read = await currentRevision(env, now, keeping && !entries.has(key) ? pageWanted(env, key) : undefined);
  const revision = read.id;
  // Which revision is current could not be read: answer, but keep nothing and serve no copy.
  if (revision === UNKNOWN_REVISION) {
    discard(early);
    return filledIfForm(request, env, await render());
  }
  entriesOf(revision);
  if (posts) await syncGeneration(env, now);
  const local = entries.get(key);
  if (local && local.expires > now) {
    discard(early);
    remember(key, local);
    return respond(request, env, local, 'hit');
  }
  const built = posts ? undefined : await readBuilt(env, key, revision, now + STATIC_TTL_MS, early);
  if (built) {
    const entry = withText(built);
    remember(key, entry);
    return respond(request, env, entry, 'built');
  }
  // After an owner's edit, the tier every data centre shares is D1 (src/cache/kept-pages.ts); the
  // Cache API, one data centre's, keeps the rest: blog pages, the original content's pages where
  // none were built with the deploy, and every page when KEEP_ON_SAVE is off.
  const inD1 = keeping && revision > 0;
  // The copy that came with the revision; or, when this isolate knew the revision (D1 was not
  // asked), D1's on its own.
  let kept = read.page ? pageOfRow(read.page, now) : undefined;
  if (inD1 && read.page === undefined) kept = await readKept(env, key, revision, now);
  if (kept) {
    const entry = withText(kept);
    remember(key, entry);
    return respond(request, env, entry, 'kept');
  }
  const shared = inD1 ? undefined : sharedKey(env, key, revision, posts ? generation.value : undefined);
  const stored = shared === undefined ? undefined : await readShared(shared, now);
  if (stored) {
    const entry = withText(stored);
    remember(key, entry);
    return respond(request, env, entry, 'shared');
  }
  const res = await render();
  if (keepable(res)) {
    const entry = await entryFrom(res, now + (posts ? BLOG_TTL_MS : STATIC_TTL_MS));
    remember(key, entry);
    // No one had kept it (after a deploy, or a save that kept nothing): kept for everyone after.
    ctx?.waitUntil(shared === undefined ? writeKept(env, key, revision, entry) : writeShared(shared, entry, now));
    return respond(request, env, entry, 'miss');
  }
  return filledIfForm(request, env, res);
}

/** The pages a save keeps, Home first: the page most visitors arrive on. */
export const KEPT_ON_SAVE: readonly string[] = ['/', ...BUILT_PAGE_KEYS.filter((key) => key !== '/')];

/**
 * After the owner saves a content revision (src/admin/site/save.ts, after the answer): renders the
 * pages that otherwise change only with a deploy (those built with it) for that revision, and keeps
 * them in this isolate's memory and in D1 for every data centre (the older revisions' copies there
 * go first). The first visitor after an edit, anywhere and in whatever isolate, is then answered
 * from a kept copy instead of a cold isolate's whole render. One page at a time, so the owner's
 * own next request waits for one render at most. Stops when a newer revision is known (its own
 * save keeps its pages); a page rendered from another revision than asked, or that may not be
 * kept, is left out. `keys`: the cron's, only those missing (src/scheduled.ts).
 */
export async function keepPagesOfRevision(
  env: Bindings,
  revision: number,
  render: (request: Request) => Promise<Response>,
  keys: readonly string[] = KEPT_ON_SAVE,
): Promise<void> {
  await dropKeptBefore(env, revision);
  for (const key of keys) {
    if (knownRevisionId() !== revision) break;
    const now = Date.now();
    const res = await render(new Request(new URL(key, env.SITE_ORIGIN)));
    if (!keepable(res) || res.headers.get(CONTENT_REVISION_HEADER) !== String(revision)) {
      await res.body?.cancel();
      continue;
    }
    const entry = await entryFrom(res, now + STATIC_TTL_MS);
    entriesOf(revision);
    remember(key, entry);
    await writeKept(env, key, revision, entry);
  }
}
