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

let known: KnownRevision | undefined;
let checkedAt = Number.NEGATIVE_INFINITY;

/**
 * The newest revision. A failing read keeps the last one known; with none known yet the pages
 * still answer, from the defaults, but as UNKNOWN_REVISION: no tier keeps or serves a copy, and
 * the next request reads again.
 */
export async function currentRevision(env: { DB: D1Database }, now = Date.now()): Promise<KnownRevision> {
  if (known && now - checkedAt < REVISION_CHECK_MS) return known;
  try {
    // Only a newer revision's content travels; an unchanged one costs a row with its id alone.
    const row = await env.DB.prepare(
      'SELECT id, CASE WHEN id > ?1 THEN content END AS content FROM content_revisions ORDER BY id DESC LIMIT 1',
    )
      .bind(known?.id ?? -1)
      .first<{ id: number; content: string | null }>();
    if (!row) known = { id: 0, content: undefined };
    else if (row.id !== known?.id)
      known = { id: row.id, content: row.content ? (JSON.parse(row.content) as SiteContent) : undefined };
    checkedAt = now;
  } catch {
    return known ?? { id: UNKNOWN_REVISION, content: undefined };
  }
  return known;
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
