/**
 * The notice a redirect asked for (`?notice=deleted`), from a page's own table of notices. Own
 * keys only: `in` would also accept names every object inherits (toString, __proto__,
 * constructor ...), whose values are functions, not notices. An unknown notice is ignored.
 */
export function noticeFrom<T extends object>(table: T, raw: string | undefined): keyof T | undefined {
  return raw !== undefined && Object.hasOwn(table, raw) ? (raw as keyof T) : undefined;
}
