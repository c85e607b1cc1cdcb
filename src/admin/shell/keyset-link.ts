import type { CappedCount, PageStart } from '../../db/keyset';
import type { TimeCursor } from '../../db/keyset-where';
import { pageOrFirst } from '../../rules/page-number';

/**
 * The page links of the lists ordered by a time and a tie-breaker (posts, media), plain links
 * that work without JavaScript: `?page=3&after=<time>~<tie>` for the older page, `before=` for
 * the newer. The time comes first: an ISO time holds no '~', and a tie (a key) might.
 */
const SEPARATOR = '~';
const LONGEST = 300;

type Start<Tie extends string | number> = PageStart<TimeCursor<Tie>>;

function cursorOf<Tie extends string | number>(raw: string | undefined, tieOf: (raw: string) => Tie | null) {
  if (!raw || raw.length > LONGEST) return null;
  const at = raw.indexOf(SEPARATOR);
  if (at < 0) return null;
  const tie = tieOf(raw.slice(at + 1));
  return tie === null ? null : { at: raw.slice(0, at), tie };
}

/** Where the page a link asks for starts, and its number (a number without a cursor is the first page). */
export function timeStartOf<Tie extends string | number>(
  query: (name: string) => string | undefined,
  tieOf: (raw: string) => Tie | null,
): { start: Start<Tie>; page: number } {
  const after = cursorOf(query('after'), tieOf);
  const before = after ? null : cursorOf(query('before'), tieOf);
  const start = after ? { after } : before ? { before } : null;
  return { start, page: start ? pageOrFirst(query('page')) : 1 };
}

/** The link to page `page` of the list at `path`, starting past `cursor` that way; page 1 is the list itself. */
export function timePageHref<Tie extends string | number>(
  path: string,
  page: number,
  way: 'after' | 'before',
  cursor: TimeCursor<Tie>,
): string {
  if (page <= 1) return path;
  return `${path}?page=${page}&${way}=${encodeURIComponent(`${cursor.at}${SEPARATOR}${cursor.tie}`)}`;
}

/** 'Page 2 of 9', or 'Page 2' past the count's cap. */
export function keysetPageLabel(page: number, perPage: number, total: CappedCount): string {
  if (total.atLeast) return `Page ${page}`;
  const pageCount = Math.max(1, Math.ceil(total.n / perPage));
  return `Page ${Math.min(page, pageCount)} of ${pageCount}`;
}

/** '1 post', '2,345 posts', 'More than 1,000 posts'. */
export function countedText({ n, atLeast }: CappedCount, one: string, many: string): string {
  if (atLeast) return `More than ${n.toLocaleString('en-GB')} ${many}`;
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en-GB')} ${many}`;
}
