const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '2025-03-05T09:00:00.000Z' -> '5 March 2025', on the UK calendar (a post at 23:30 UTC in summer is the next day). */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LONG_DATE.format(date);
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
