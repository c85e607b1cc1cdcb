import type { Bindings } from '../env';
import type { Entry } from './page-answer';
import { readGeneration, writeGeneration } from './shared-pages';

/**
 * The page cache's first tier: this isolate's memory. It holds one content revision's pages (any
 * other's are forgotten when the revision read changes) and at most MAX_ENTRIES of them, the
 * least recently used going first. Pages that show posts belong to a blog generation, which an
 * admin write moves on (invalidatePageCache); other isolates of the data centre notice within
 * GENERATION_CHECK_MS and forget theirs.
 */
export const GENERATION_CHECK_MS = 5_000;
const MAX_ENTRIES = 200;

const entries = new Map<string, Entry>();
/** The content revision every entry in `entries` was rendered from. */
let entriesRevision: number | undefined;
/** The blog generation this isolate's blog entries belong to, and when it was last compared. */
const generation = { value: 0, checkedAt: Number.NEGATIVE_INFINITY };

/** The generation this isolate's blog pages belong to (the Cache API key carries it). */
export const blogGeneration = () => generation.value;

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

/**
 * Every few seconds, takes up a newer generation written by another isolate's admin request:
 * the pages that show posts (`showsPosts`, by path) are forgotten.
 */
export async function syncGeneration(env: Bindings, now: number, showsPosts: (path: string) => boolean): Promise<void> {
  if (now - generation.checkedAt < GENERATION_CHECK_MS) return;
  generation.checkedAt = now;
  const latest = await readGeneration(env);
  if (latest <= generation.value) return;
  generation.value = latest;
  for (const key of entries.keys()) if (showsPosts(key.replace(/\?.*$/, ''))) entries.delete(key);
}

/** This isolate's memory holds one revision's pages: another revision's are forgotten. */
export function entriesOf(revision: number): void {
  if (revision === entriesRevision) return;
  entries.clear();
  entriesRevision = revision;
}

export const hasLocal = (key: string) => entries.has(key);
export const localEntry = (key: string) => entries.get(key);

export function remember(key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}
