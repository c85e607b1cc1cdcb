import type { SiteContent } from './model';

/**
 * Which content revision this isolate shows, read from D1 at most every REVISION_CHECK_MS (and at
 * once by an isolate that saves one). The page cache keys every kept page by this id, so an
 * owner's edit is on every page within REVISION_CHECK_MS plus a render. Light on purpose: the
 * front door (src/index.ts) reads it before it answers from a cache, with one plain D1 statement
 * and no query builder, which a cold isolate would otherwise have to evaluate.
 */
export const REVISION_CHECK_MS = 15_000;

export interface KnownRevision {
  /** 0: no row yet, the defaults in code; UNKNOWN_REVISION: D1 could not be read (nothing may be kept). */
  id: number;
  /** The stored content of `id`; undefined for revision 0. */
  content: SiteContent | undefined;
}

export const UNKNOWN_REVISION = -1;

/** A page kept in D1 for every data centre (src/cache/kept-pages.ts), as its row holds it. */
export interface KeptRow {
  meta: string;
  body: string;
}

/** A page the caller would like read with the revision, if one is kept for it: its key and the Worker version. */
export interface PageWanted {
  key: string;
  version: string;
}

/**
 * The revision, and the page asked for when D1 was read for it: its row when one is kept for this
 * version and the newest revision, null when there is none; undefined when D1 was not read (the
 * revision was known) or no page was asked for.
 */
export type RevisionRead = KnownRevision & { page?: KeptRow | null };

let known: KnownRevision | undefined;
let checkedAt = Number.NEGATIVE_INFINITY;

// Only a newer revision's content travels; an unchanged one costs a row with its id alone.
const NEWEST = 'SELECT id, CASE WHEN id > ?1 THEN content END AS content FROM content_revisions ORDER BY id DESC LIMIT 1';
// The same, with the kept page of the newest revision (a cold isolate's first answer needs both).
const NEWEST_WITH_PAGE = `SELECT r.id, r.content, k.meta, k.body FROM (${NEWEST}) AS r
  LEFT JOIN kept_pages AS k ON k.key = ?2 AND k.version = ?3 AND k.revision = r.id`;

type Row = { id: number; content: string | null; meta?: string | null; body?: string | null };

async function readNewest(db: D1Database, wanted: PageWanted | undefined): Promise<Row | null> {
  const after = known?.id ?? -1;
  if (wanted) {
    try {
      return await db.prepare(NEWEST_WITH_PAGE).bind(after, wanted.key, wanted.version).first<Row>();
    } catch {
      // kept_pages not there yet (a deploy ahead of its migration): the revision alone, as before.
    }
  }
  return db.prepare(NEWEST).bind(after).first<Row>();
}

/**
 * The newest revision. A failing read keeps the last one known; with none known yet the pages
 * still answer, from the defaults, but as UNKNOWN_REVISION: no tier keeps or serves a copy, and
 * the next request reads again. `wanted`: a page to read in the same statement, when D1 is read.
 */
export async function currentRevision(env: { DB: D1Database }, now = Date.now(), wanted?: PageWanted): Promise<RevisionRead> {
  if (known && now - checkedAt < REVISION_CHECK_MS) return known;
  let page: KeptRow | null | undefined;
  try {
    const row = await readNewest(env.DB, wanted);
    if (!row) known = { id: 0, content: undefined };
    else if (row.id !== known?.id)
      known = { id: row.id, content: row.content ? (JSON.parse(row.content) as SiteContent) : undefined };
    checkedAt = now;
    if (wanted) page = row?.meta != null && row.body != null ? { meta: row.meta, body: row.body } : null;
  } catch {
    return known ?? { id: UNKNOWN_REVISION, content: undefined };
  }
  return page === undefined ? known : { ...known, page };
}

/** The revision this isolate last read, without asking D1; undefined before the first read. */
export const knownRevisionId = (): number | undefined => known?.id;

/** After this isolate saved a revision: it shows it from the next request on. */
export function tookRevision(id: number, content: SiteContent): void {
  // A slower save answered after a newer one was read: the newer stays.
  if (known && known.id > id) return;
  known = { id, content };
  checkedAt = Date.now();
}

/** Forget what this isolate knows, as a new isolate would start (tests). */
export function forgetRevision(): void {
  known = undefined;
  checkedAt = Number.NEGATIVE_INFINITY;
}
