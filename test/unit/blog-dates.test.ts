import { describe, expect, it } from 'vitest';
import { formatPostDate, latestDate, toIsoTimestamp } from '../../src/blog/dates';

describe('post dates', () => {
  it('formats en-GB long dates: day, long month, year', () => {
    expect(formatPostDate('2025-03-05T09:00:00.000Z')).toBe('5 March 2025');
    expect(formatPostDate('2026-12-25T00:00:00.000Z')).toBe('25 December 2026');
    expect(formatPostDate('2025-03-05')).toBe('5 March 2025');
  });

  it('uses the UK calendar day (British Summer Time moves late-evening UTC posts to the next day)', () => {
    expect(formatPostDate('2025-07-31T23:30:00.000Z')).toBe('1 August 2025');
    expect(formatPostDate('2025-01-31T23:30:00.000Z')).toBe('31 January 2025');
  });

  it('agrees with Intl (Europe/London) on the days around clock changes', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    for (const iso of [
      '2026-03-28T23:30:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
    ]) {
      expect(formatPostDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
  });

  it('shows an unparseable stored value as it is rather than "Invalid Date"', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });

  it('normalises timestamps and picks the later of published and updated', () => {
    expect(toIsoTimestamp('2025-03-05')).toBe('2025-03-05T00:00:00.000Z');
    expect(toIsoTimestamp('nope')).toBeUndefined();
    expect(latestDate('2025-03-05T09:00:00.000Z', '2025-04-01T10:00:00.000Z')).toBe('2025-04-01T10:00:00.000Z');
    // Written before it went live: the publication date is the last change readers saw.
    expect(latestDate('2025-03-05T09:00:00.000Z', '2025-03-01T10:00:00.000Z')).toBe('2025-03-05T09:00:00.000Z');
  });
});
