import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { NEWEST_REVISION, type ReadWithRevision, type RevisionRow } from '../site-content/revision';
import { metaOf, type PageMeta, type StoredPage, workerVersion } from './shared-pages';

/**
 * The page cache's tier for every data centre: the public pages of an owner's content revision,
 * kept in D1 (the kept_pages table, migration 0021). The Cache API is one data centre's; after an
 * edit, a cold isolate anywhere else would otherwise render the page again, the costliest answer
 * the site gives. A cold isolate asks for its page in the same statement that reads the revision
 * (keptPageWithRevision, through currentRevision), which every page makes anyway, so a kept page
 * costs it no second wait. The owner's save keeps the pages it renders here, so does the first
 * render of a page no one kept (after a deploy), and the cron keeps any the save's pages still
 * missing (keepPagesNoOneKept), all when KEEP_ON_SAVE is on. Every statement on kept_pages is in
 * this file.
 *
 * A row belongs to one Worker version and one revision and is used for nothing else. One row per
 * page key: the newest revision's copy replaces the last, and a save deletes every older
 * revision's rows. Public pages only, the same for every visitor, so nothing personal is kept.
 */

type Env = Pick<Bindings, 'DB' | 'CF_VERSION_METADATA'>;

/** A page bigger than this is left to the other tiers (D1 refuses rows over 2 MB). */
const KEPT_PAGE_MAX_BYTES = 1_000_000;

/** A page kept in D1 for every data centre, as its row holds it. */
export interface KeptRow {
  meta: string;
  body: string;
}

// The newest revision with the kept page of that revision (a cold isolate's first answer needs both).
const NEWEST_WITH_PAGE = `SELECT r.id, r.content, k.meta, k.body FROM (${NEWEST_REVISION}) AS r
  LEFT JOIN kept_pages AS k ON k.key = ?2 AND k.version = ?3 AND k.revision = r.id`;

type RevisionWithPageRow = RevisionRow & { meta: string | null; body: string | null };

/**
 * For currentRevision: the revision read with the row kept for `key` at this version and the
 * newest revision (null when there is none). When the statement fails (kept_pages not there yet,
 * a deploy ahead of its migration) it says so in the log and reads the revision alone.
 */
export const keptPageWithRevision =
  (env: Env, key: string): ReadWithRevision<KeptRow | null> =>
  async (db, after) => {
    try {
      const row = await db.prepare(NEWEST_WITH_PAGE).bind(after, key, workerVersion(env)).first<RevisionWithPageRow>();
      const page = row?.meta != null && row.body != null ? { meta: row.meta, body: row.body } : null;
      return { row: row && { id: row.id, content: row.content }, with: page };
    } catch (error) {
      log.warn('kept page not read with the revision', { key, error: errorText(error) });
      return { row: await db.prepare(NEWEST_REVISION).bind(after).first<RevisionRow>(), with: null };
    }
  };

/** A row as the page cache keeps a page; undefined when it has expired or is not one. */
export function pageOfRow(row: KeptRow, now: number): StoredPage | undefined {
  try {
    const { headers, template, expires } = JSON.parse(row.meta) as PageMeta;
    if (!Array.isArray(headers) || !(expires > now)) return undefined;
    return { body: new TextEncoder().encode(row.body).buffer as ArrayBuffer, headers, template: template === true, expires };
  } catch {
    return undefined;
  }
}

/** The page kept for `key` at this version and `revision`, on its own (a warm isolate that did not ask with the revision). */
export async function readKept(env: Env, key: string, revision: number, now: number): Promise<StoredPage | undefined> {
  try {
    const row = await env.DB.prepare('SELECT meta, body FROM kept_pages WHERE key = ?1 AND version = ?2 AND revision = ?3')
      .bind(key, workerVersion(env), revision)
      .first<KeptRow>();
    return row ? pageOfRow(row, now) : undefined;
  } catch (error) {
    // Rendered instead, as when none is kept.
    log.warn('kept page not read', { key, revision, error: errorText(error) });
    return undefined;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Keeps a page for every data centre. Never throws: a page not kept is rendered again, nothing worse. */
export async function writeKept(env: Env, key: string, revision: number, page: StoredPage): Promise<void> {
  if (revision <= 0 || page.body.byteLength > KEPT_PAGE_MAX_BYTES) return;
  let body: string;
  try {
    body = strictUtf8.decode(page.body);
  } catch {
    return; // not text: the Cache API keeps it
  }
  try {
    // An older revision's copy never replaces a newer one's (a slow render finishing after a save).
    await env.DB.prepare(
      `INSERT INTO kept_pages (key, version, revision, meta, body) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (key) DO UPDATE SET version = excluded.version, revision = excluded.revision, meta = excluded.meta, body = excluded.body
       WHERE excluded.revision >= kept_pages.revision`,
    )
      .bind(key, workerVersion(env), revision, JSON.stringify(metaOf(page)), body)
      .run();
  } catch (error) {
    log.warn('page not kept in D1', { key, revision, error: errorText(error) });
  }
}

/** The keys of the pages kept for this version and `revision` that are still good at `now`. */
export async function keptKeys(env: Env, revision: number, now: number): Promise<Set<string>> {
  const { results } = await env.DB.prepare(
    "SELECT key FROM kept_pages WHERE version = ?1 AND revision = ?2 AND json_extract(meta, '$.expires') > ?3",
  )
    .bind(workerVersion(env), revision, now)
    .all<{ key: string }>();
  return new Set(results.map((row) => row.key));
}

/** After a save: every page of an older revision goes (none of them will be served again). */
export async function dropKeptBefore(env: Env, revision: number): Promise<void> {
  try {
    await env.DB.prepare('DELETE FROM kept_pages WHERE revision < ?1').bind(revision).run();
  } catch (error) {
    log.warn('older kept pages not deleted', { revision, error: errorText(error) });
  }
}
