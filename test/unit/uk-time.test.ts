import { describe, expect, it } from 'vitest';
import { receivedAt } from '../../src/leads/lead-summary';
import { formatLondon, formatLondonTime, londonDay, nextUkYearStart, ukClock } from '../../src/rules/uk-time';

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
    // 50,000 Intl calls: seconds on a busy two-core machine, more than the default 5.
  }, 30_000);

  // One instant in each month, in summer and winter time, late in the evening (the UK day can differ from UTC's).
  const instants = Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 3 + m, 23, 5 + m));

  // A time of day shown to a person is 12-hour ('6:43pm', issue 57): Intl's en-GB 12-hour clock
  // ('6:43 pm'), without the space, and without ':00' on the hour.
  const twelveHour = london({ hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
  const intlTime = (t: number) =>
    twelveHour
      .format(new Date(t))
      .replace(/\s/g, '')
      .toLowerCase()
      .replace(/:00(?=[ap]m)/, '');

  it('writes a time of day 12-hour, as Intl does in en-GB, every 7 minutes of a day in summer and in winter', () => {
    for (const start of [Date.UTC(2026, 0, 14), Date.UTC(2026, 6, 14)]) {
      for (let t = start + 7 * 60_000; t < start + 86_400_000; t += 7 * 60_000) expect(formatLondonTime(t)).toBe(intlTime(t));
    }
    expect(formatLondonTime(Date.UTC(2026, 11, 7, 18, 43))).toBe('6:43pm');
    expect(formatLondonTime(Date.UTC(2026, 6, 1, 7, 5))).toBe('8:05am');
    expect(formatLondonTime(Date.UTC(2026, 0, 1, 12))).toBe('12pm');
    expect(formatLondonTime(Date.UTC(2026, 0, 1, 0, 15))).toBe('12:15am');
    expect(formatLondonTime(Date.UTC(2026, 0, 1))).toBe('midnight');
  });

  it('writes the admin lists as Intl writes the date in en-GB, and the time 12-hour', () => {
    const day = london({ day: 'numeric', month: 'short', year: 'numeric' });
    for (const t of instants) expect(formatLondon(t)).toBe(`${day.format(new Date(t))}, ${intlTime(t)}`);
    expect(formatLondon(Date.UTC(2026, 8, 3, 8, 5))).toBe('3 Sept 2026, 9:05am');
    expect(formatLondon(Date.UTC(2026, 11, 7, 18, 43))).toBe('7 Dec 2026, 6:43pm');
  });

  it('writes when a lead was received as Intl writes the date in en-GB, and the time 12-hour', () => {
    const day = london({ dateStyle: 'long' });
    for (const t of instants) expect(receivedAt({ createdAt: t })).toBe(`${day.format(new Date(t))} at ${intlTime(t)}`);
    expect(receivedAt({ createdAt: Date.UTC(2026, 10, 23, 10, 30) })).toBe('23 November 2026 at 10:30am');
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
