/**
 * D1's limits that the queries depend on (https://developers.cloudflare.com/d1/platform/limits/,
 * checked 2026-11; docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md). Local D1 enforces them too, so a query that
 * passes one fails in the tests as it would in production: with a 500.
 */
export const D1_LIMITS = {
  /** A LIKE or GLOB pattern, in bytes: no query builds one from what a person typed (instr(), substr(), =). */
  likePatternBytes: 50,
  /** Values bound to one statement: lists of ids go in chunks of ID_CHUNK. */
  boundParameters: 100,
  /** One SQL statement, in bytes: what people type is bound, never written into the statement. */
  statementBytes: 100_000,
  /** One string, BLOB or row, in bytes: a post's text (50,000 characters) stays under it. */
  rowBytes: 2_000_000,
} as const;

/** Ids per `in (...)` list: under the bound-parameter limit with room for the statement's other values. */
const ID_CHUNK = 90;

/** `items` in runs of at most `size` (ID_CHUNK by default), for one statement each. */
export function chunksOf<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
