/**
 * Keyset pages (issue 51): a page starts just after the last row of the page before it (or just
 * before the first row of the page after it), read straight off an index from there, so page 50
 * costs what page 1 does; OFFSET would read and drop every row before it.
 */

/** Where a page starts: older than a row (the next page), newer than one (the previous), or at the newest. */
export type PageStart<Cursor> = { after: Cursor } | { before: Cursor } | null;

/** A page's rows, newest first, and where the pages either side start (null: there is none). */
export interface KeysetPage<Row, Cursor> {
  rows: Row[];
  older: Cursor | null;
  newer: Cursor | null;
}

/** A page going back from `before` is read oldest first: read the other way round. */
export const readsBackwards = <Cursor>(start: PageStart<Cursor>): boolean => start !== null && 'before' in start;

/**
 * The page from `found`: up to perPage + 1 rows read from the start in the reading's direction
 * (the extra row says another page follows that way).
 */
export function keysetPage<Row, Cursor>(
  found: readonly Row[],
  start: PageStart<Cursor>,
  perPage: number,
  cursorOf: (row: Row) => Cursor,
): KeysetPage<Row, Cursor> {
  const backwards = readsBackwards(start);
  const more = found.length > perPage;
  const rows = backwards ? found.slice(0, perPage).reverse() : found.slice(0, perPage);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    older: (backwards || more) && last !== undefined ? cursorOf(last) : null,
    newer: start !== null && (!backwards || more) && first !== undefined ? cursorOf(first) : null,
  };
}

/** A count that stops at a cap: `atLeast` when there are more than `n`. */
export interface CappedCount {
  n: number;
  atLeast: boolean;
}

/** Lists count their rows up to here ("More than 1,000"), never every row of the history. */
export const COUNT_CAP = 1000;

/** The count of a `select 1 … limit COUNT_CAP + 1` read, as a CappedCount. */
export const cappedCount = (n: number): CappedCount => (n > COUNT_CAP ? { n: COUNT_CAP, atLeast: true } : { n, atLeast: false });
