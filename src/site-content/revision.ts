import type { SiteContent } from './model';

/**
 * Which content revision this isolate shows, read from D1 at most every REVISION_CHECK_MS (and at
 * once by an isolate that saves one). The page cache keys every kept page by this id, so an
 * owner's edit is on every page within REVISION_CHECK_MS plus a render. Light on purpose: the
 * front door reads it before it answers from a cache, with one plain D1 statement
 * and no query builder, which a cold isolate would otherwise have to evaluate.
 */
const REVISION_CHECK_MS = 15_000;

interface KnownRevision {
  /** 0: no row yet, the defaults in code; UNKNOWN_REVISION: D1 could not be read (nothing may be kept). */
  id: number;
  /** The stored content of `id`; undefined for revision 0. */
  content: SiteContent | undefined;
}

export const UNKNOWN_REVISION = -1;

/** The newest revision's row: its content only when newer than the one asked after. */
export interface RevisionRow {
  id: number;
  content: string | null;
}

/**
 * A read of the newest revision that brings something else in the same statement (the page
 * cache's kept page, which a cold isolate needs with the revision): NEWEST_REVISION with `after`
 * as ?1, joined with what it brings.
 */
export type ReadWithRevision<T> = (db: D1Database, after: number) => Promise<{ row: RevisionRow | null; with: T }>;

/** The revision, and what was read with it when D1 was read (undefined when the revision was known). */
export type RevisionRead<T> = KnownRevision & { with?: T };

let known: KnownRevision | undefined;
let checkedAt = Number.NEGATIVE_INFINITY;

/** The newest revision; only a newer one's content travels, an unchanged one costs a row with its id alone. */
export const NEWEST_REVISION =
  'SELECT id, CASE WHEN id > ?1 THEN content END AS content FROM content_revisions ORDER BY id DESC LIMIT 1';

async function readNewest<T>(db: D1Database, readWith: ReadWithRevision<T> | undefined) {
  const after = known?.id ?? -1;
  if (readWith) return readWith(db, after);
  return { row: await db.prepare(NEWEST_REVISION).bind(after).first<RevisionRow>(), with: undefined };
}

/**
 * The newest revision. A failing read keeps the last one known; with none known yet the pages
 * still answer, from the defaults, but as UNKNOWN_REVISION: no tier keeps or serves a copy, and
 * the next request reads again. `readWith`: something to read in the same statement, when D1 is read.
 */
export async function currentRevision<T = never>(
  env: { DB: D1Database },
  now = Date.now(),
  readWith?: ReadWithRevision<T>,
): Promise<RevisionRead<T>> {
  if (known && now - checkedAt < REVISION_CHECK_MS) return known;
  let read: Awaited<ReturnType<typeof readNewest<T>>>;
  try {
    read = await readNewest(env.DB, readWith);
  } catch {
    // As its comment says: the last revision known, or none (the page is answered, nothing kept).
    return known ?? { id: UNKNOWN_REVISION, content: undefined };
  }
  const { row } = read;
  if (!row) known = { id: 0, content: undefined };
  else if (row.id !== known?.id)
    known = { id: row.id, content: row.content ? (JSON.parse(row.content) as SiteContent) : undefined };
  checkedAt = now;
  return read.with === undefined ? known : { ...known, with: read.with };
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
