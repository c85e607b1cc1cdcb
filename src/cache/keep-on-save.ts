import type { Bindings } from '../env';
import { CONTENT_REVISION_HEADER } from '../http/cache-control';
import { knownRevisionId } from '../site-content/revision';
import { builtKeysOf } from './built-pages';
import type { CachingTable } from './caching';
import { entriesOf, remember } from './isolate-pages';
import { dropKeptBefore, writeKept } from './kept-pages';
import { entryFrom, keepable } from './page-answer';
import { STATIC_TTL_MS } from './page-cache';
import { isWholePage } from './whole-page';

/** The pages a save keeps, Home first (the page most visitors arrive on): those built with the deploy. */
export const keptOnSave = (table: CachingTable): readonly string[] => ['/', ...builtKeysOf(table).filter((key) => key !== '/')];

/**
 * After the owner saves a content revision (after the answer): renders the pages that otherwise
 * change only with a deploy (keptOnSave) for that revision, and keeps them in this isolate's
 * memory and in D1 for every data centre (the older revisions' copies there go first). The first
 * visitor after an edit, anywhere and in whatever isolate, is then answered from a kept copy
 * instead of a cold isolate's whole render. One page at a time, so the owner's own next request
 * waits for one render at most. Stops when a newer revision is known (its own save keeps its
 * pages); a page rendered from another revision than asked, that may not be kept or that is
 * not whole (isWholePage), is left out.
 * `keys`: the save's keptOnSave, or the cron's, only those missing (keepPagesNoOneKept).
 */
export async function keepPagesOfRevision(
  env: Bindings,
  revision: number,
  render: (request: Request) => Promise<Response>,
  keys: readonly string[],
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
    if (!isWholePage(entry)) continue;
    entriesOf(revision);
    remember(key, entry);
    await writeKept(env, key, revision, entry);
  }
}
