import type { Bindings } from '../env';
import { log } from '../log';
import { CAMPAIGN_PARAMS } from '../rules/campaign-params';
import { currentRevision, knownRevisionId, UNKNOWN_REVISION } from '../site-content/revision';
import { fetchBuilt, isBuiltKey, readBuilt } from './built-pages';
import { type CachingTable, cachingFor, keyFor } from './caching';
import { blogGeneration, entriesOf, hasLocal, localEntry, remember, syncGeneration } from './isolate-pages';
import { keptPageWithRevision, pageOfRow, readKept, writeKept } from './kept-pages';
import { type Entry, entryFrom, filledIfForm, keepable, respond, type Tier, withText } from './page-answer';
import { readShared, type StoredPage, sharedKey, writeShared } from './shared-pages';
import { isWholePage } from './whole-page';

/**
 * Public pages are the same for every visitor, so finished pages are kept in tiers: each
 * isolate's memory (isolate-pages); for the pages that change only with a deploy, the copies
 * built with it (readBuilt); for those pages once the owner has edited the site, the copies kept
 * in D1 for every data centre (readKept, writeKept); and for the rest (blog pages, and every page
 * while KEEP_ON_SAVE is off) the Cache API shared by the data centre (readShared, writeShared). A
 * kept page is answered without running anything else, with an ETag so a browser's repeat visit
 * gets a 304. Only what a route declares kept (the caching table the front door hands in) and
 * whose Cache-Control says `public` is kept. Pages that show posts expire after BLOG_TTL_MS
 * (scheduled posts appear) and are dropped when the admin writes (invalidatePageCache). The rest
 * change only with a deploy or an edit.
 *
 * The utm_* and gclid parameters of advert and campaign links change nothing on a page, so they
 * are left out of the key: an advert's landing page is served from the cache like any other.
 *
 * Every kept copy belongs to one content revision (currentRevision): this isolate's memory is
 * emptied when the revision it reads changes, the Cache API and D1 keys carry the revision, and a
 * built page is used only for the revision it was built from. A page expires when a notice starts
 * or ends and at New Year (CONTENT_EXPIRES_HEADER, set by the renderer: the footer shows the year),
 * and a built one at the New Year after its build.
 */
const BLOG_TTL_MS = 60_000;
/** Pages that change only with a deploy; the version id in the shared key covers deploys. */
export const STATIC_TTL_MS = 86_400_000;

const campaignParams: ReadonlySet<string> = new Set(CAMPAIGN_PARAMS);

/**
 * A tier's page, when it is whole (isWholePage): one a tier holds from before that rule, or from
 * a deploy without it, is passed over (and rendered again), never served.
 */
function servable(page: StoredPage | undefined, key: string, tier: Tier): Entry | undefined {
  if (!page) return undefined;
  if (isWholePage(page)) return withText(page);
  log.warn('kept page not served: not a whole page', { key, tier });
  return undefined;
}

/** A built page read early that is not needed after all. */
const discard = (read: Promise<Response | undefined> | undefined) => {
  read?.then((res) => res?.body?.cancel()).catch(() => {});
};

/**
 * The front door's cache: a page a tier holds is answered from here; anything else is asked of
 * `render` (the site), and its answer kept when its route declares it so in `table` (the public
 * routes' caching, handed in by the front door). Plain fetch-handler arguments, no router: a cold
 * isolate answering a kept page evaluates none. `path` is the request's path as the site's router
 * reads it.
 */
export async function pageCache(
  table: CachingTable,
  request: Request,
  path: string,
  env: Bindings,
  ctx: ExecutionContext | undefined,
  render: () => Promise<Response>,
): Promise<Response> {
  const method = request.method;
  // Only what a route declares kept: the API, the admin and uploaded pictures (immutable, cached
  // by browsers and the edge) never are.
  const caching = method === 'GET' || method === 'HEAD' ? cachingFor(table, path) : undefined;
  if (caching?.keep !== 'content') return render();
  const now = Date.now();
  const key = keyFor(caching, path, new URL(request.url).searchParams, campaignParams);
  // An unusual query string: rendered for its request, never kept.
  if (key === undefined) return filledIfForm(request, env, await render());
  const posts = caching.posts === true;
  const built = !posts && isBuiltKey(table, key);
  // A cold isolate (or one whose revision is due a check) that has shown no edit yet reads the
  // page built with the deploy while it asks D1 for the revision: the two waits overlap. The
  // built copy is used only if the revision is still 0 (readBuilt).
  const early = built && !hasLocal(key) && (knownRevisionId() ?? 0) === 0 ? fetchBuilt(env, key) : undefined;
  // When D1 is read for the revision and this isolate does not hold the page, the copy kept for
  // every data centre comes in the same statement.
  const keeping = !posts && env.KEEP_ON_SAVE !== 'off';
  const read = await currentRevision(env, now, keeping && !hasLocal(key) ? keptPageWithRevision(env, key) : undefined);
  const revision = read.id;
  // Which revision is current could not be read: answer, but keep nothing and serve no copy.
  if (revision === UNKNOWN_REVISION) {
    discard(early);
    return filledIfForm(request, env, await render());
  }
  entriesOf(revision);
  if (posts) await syncGeneration(env, now, (key) => showsPosts(table, key));
  const local = localEntry(key);
  if (local && local.expires > now && isWholePage(local)) {
    discard(early);
    remember(key, local);
    return respond(request, env, local, 'hit');
  }
  const builtPage = built ? await readBuilt(env, key, revision, now, now + STATIC_TTL_MS, early) : undefined;
  const builtEntry = servable(builtPage, key, 'built');
  if (builtEntry) {
    remember(key, builtEntry);
    return respond(request, env, builtEntry, 'built');
  }
  // After an owner's edit, the tier every data centre shares is D1; the Cache API, one data
  // centre's, keeps the rest: blog pages, the original content's pages where none were built
  // with the deploy, and every page when KEEP_ON_SAVE is off.
  const inD1 = keeping && revision > 0;
  // The copy that came with the revision; or, when this isolate knew the revision (D1 was not
  // asked), D1's on its own.
  let kept = read.with ? pageOfRow(read.with, now) : undefined;
  if (inD1 && read.with === undefined) kept = await readKept(env, key, revision, now);
  const keptEntry = servable(kept, key, 'kept');
  if (keptEntry) {
    remember(key, keptEntry);
    return respond(request, env, keptEntry, 'kept');
  }
  const shared = inD1 ? undefined : sharedKey(env, key, revision, posts ? blogGeneration() : undefined);
  const stored = shared === undefined ? undefined : await readShared(shared, now);
  const sharedEntry = servable(stored, key, 'shared');
  if (sharedEntry) {
    remember(key, sharedEntry);
    return respond(request, env, sharedEntry, 'shared');
  }
  const res = await render();
  // Only a GET's answer is kept: a HEAD's has no body (it is answered from a kept GET, or rendered).
  if (method !== 'GET' || !keepable(res)) return filledIfForm(request, env, res);
  // A render whose stream fails part-way rejects here: answered as an error, and nothing kept.
  const entry = await entryFrom(res, now + (posts ? BLOG_TTL_MS : STATIC_TTL_MS));
  if (!isWholePage(entry)) {
    log.warn('page not kept: not a whole page', { key });
    return respond(request, env, entry, 'miss');
  }
  remember(key, entry);
  // No one had kept it (after a deploy, or a save that kept nothing): kept for everyone after.
  ctx?.waitUntil(shared === undefined ? writeKept(env, key, revision, entry) : writeShared(shared, entry, now));
  return respond(request, env, entry, 'miss');
}

/** Pages the route declares as showing posts. */
function showsPosts(table: CachingTable, path: string): boolean {
  const caching = cachingFor(table, path);
  return caching.keep === 'content' && caching.posts === true;
}
