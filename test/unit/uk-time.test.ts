import { describe, expect, it } from 'vitest';
import { receivedAt } from '../../src/leads/lead-summary';
import { formatLondon, londonDay, nextUkYearStart, ukClock } from '../../src/rules/uk-time';

const london = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options });

/** The last days of March and October, where the clocks change, every 15 minutes, 2000 to 2040. */
function* aroundClockChanges(): Generator<number> {
  for (let year = 2000; year <= 2040; year++) {
    for (const month of [2, 9]) {
      for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1, 6); t += 15 * 60_000) yield t;
    }
  }
}

describe('UK time, computed by hand', () => {
  it('shows what a London clock shows around every clock change, 2000 to 2040', () => {
    const intl = london({
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    let checked = 0;
    for (const t of aroundClockChanges()) {
      const parts = Object.fromEntries(intl.formatToParts(new Date(t)).map((p) => [p.type, Number(p.value)]));
      const { year, month, day, hour, minute } = ukClock(t);
      expect({ year, month, day, hour, minute }, new Date(t).toISOString()).toEqual({
        year: parts.year,
        month: parts.month,
        day: parts.day,
        hour: parts.hour,
        minute: parts.minute,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  // One instant in each month, in summer and winter time, late in the evening (the UK day can differ from UTC's).
  const instants = Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 3 + m, 23, 5 + m));

  it('writes the admin lists as Intl does in en-GB', () => {
    const intl = london({
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const t of instants) expect(formatLondon(t)).toBe(intl.format(new Date(t)));
    expect(formatLondon(Date.UTC(2026, 8, 3, 8, 5))).toBe('3 Sept 2026, 09:05');
  });

  it('writes when a lead was received as Intl does in en-GB', () => {
    const intl = london({ dateStyle: 'long', timeStyle: 'short' });
    for (const t of instants) expect(receivedAt({ createdAt: t })).toBe(intl.format(new Date(t)));
    expect(receivedAt({ createdAt: Date.UTC(2026, 10, 23, 10, 30) })).toBe('23 November 2026 at 10:30');
  });

  it("gives the UK day, which is UTC's next day late on a summer evening", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (const t of instants) expect(londonDay(t)).toBe(intl.format(new Date(t)));
    expect(londonDay(Date.UTC(2026, 6, 1, 23, 30))).toBe('2026-07-02');
  });

  it('gives the instant the next UK year begins, from any moment of this one', () => {
    const newYear2027 = Date.UTC(2027, 0, 1);
    expect(nextUkYearStart(Date.UTC(2026, 0, 1))).toBe(newYear2027);
    expect(nextUkYearStart(Date.UTC(2026, 6, 1, 23, 30))).toBe(newYear2027);
    expect(nextUkYearStart(newYear2027 - 1)).toBe(newYear2027);
    expect(nextUkYearStart(newYear2027)).toBe(Date.UTC(2028, 0, 1));
  });
});
