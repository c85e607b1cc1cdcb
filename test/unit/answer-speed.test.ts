import { describe, expect, it } from 'vitest';
import { answerSpeedByWeek, median, waitInWords } from '../../src/admin/dashboard/answer-speed';

describe('answer speed', () => {
  it('takes the median of the answered leads only, the middle pair averaged', () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(
      answerSpeedByWeek(
        [
          { week: 1, waitMs: 300 },
          { week: 1, waitMs: null },
          { week: 1, waitMs: 100 },
        ],
        2,
      ),
    ).toEqual([
      { answered: 0, waiting: 0, medianMs: null },
      { answered: 2, waiting: 1, medianMs: 200 },
    ]);
  });

  it('says a wait in words a glance takes in', () => {
    expect(waitInWords(20_000)).toBe('under a minute');
    expect(waitInWords(12 * 60_000)).toBe('12 min');
    expect(waitInWords(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 5 min');
    expect(waitInWords(2 * 3_600_000 + 59.8 * 60_000)).toBe('3 h');
    expect(waitInWords(2 * 3_600_000)).toBe('2 h');
    expect(waitInWords(26 * 3_600_000)).toBe('1 day');
    expect(waitInWords(60 * 3_600_000)).toBe('3 days');
  });
});
