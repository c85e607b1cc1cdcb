import { MONTH_NAMES, ukClock } from '../rules/uk-time';

/**
 * '2025-03-05T09:00:00.000Z' -> '5 March 2025', on the UK calendar (a post at 23:30 UTC in summer
 * is the next day).
 */
export function formatPostDate(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const uk = ukClock(time);
  return `${uk.day} ${MONTH_NAMES[uk.month - 1]} ${uk.year}`;
}

/** A stored date as a full ISO 8601 UTC timestamp, or undefined when it does not parse. */
export function toIsoTimestamp(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The later of two stored dates (an edit before publication does not count as a modification). */
export function latestDate(publishedAt: string, updatedAt: string | null | undefined): string {
  const published = toIsoTimestamp(publishedAt) ?? publishedAt;
  const updated = toIsoTimestamp(updatedAt);
  return updated && updated > published ? updated : published;
}
