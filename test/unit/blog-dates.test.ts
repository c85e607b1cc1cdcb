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

  it('agrees with Intl (Europe/London) every 15 minutes around each clock change, 2000 to 2040', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    let checked = 0;
    for (let year = 2000; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // The last days of March and October, where the change falls, and the evenings around midnight.
        for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1, 6); t += 15 * 60_000) {
          const iso = new Date(t).toISOString();
          expect(formatPostDate(iso), iso).toBe(intl.format(new Date(t)));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
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
