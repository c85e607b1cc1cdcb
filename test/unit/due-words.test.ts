import { describe, expect, it } from 'vitest';
import { dueWords } from '../../src/rules/due-words';

/** When a held e-mail goes, in UK words and UK time (GMT in winter, BST in summer). */
describe('dueWords', () => {
  const winterNow = Date.UTC(2026, 10, 25, 14, 40); // Wednesday 25 November 2026, 14:40 GMT

  it('says today, tomorrow or the day, with the UK clock', () => {
    expect(dueWords(winterNow + 2 * 3_600_000, winterNow)).toBe('today at 4:40pm');
    expect(dueWords(Date.UTC(2026, 10, 26, 9, 0), winterNow)).toBe('tomorrow at 9am');
    expect(dueWords(Date.UTC(2026, 10, 30, 16, 40), winterNow)).toBe('on Monday 30 November 2026 at 4:40pm');
  });

  it('counts days and hours in UK time across midnight and in summer time', () => {
    // 23:30 GMT plus two hours is 01:30 the next UK day.
    const late = Date.UTC(2026, 10, 25, 23, 30);
    expect(dueWords(late + 2 * 3_600_000, late)).toBe('tomorrow at 1:30am');
    // 22:30 UTC in July is 23:30 BST; two hours on is 01:30 BST the next day.
    const summer = Date.UTC(2026, 6, 1, 22, 30);
    expect(dueWords(summer + 2 * 3_600_000, summer)).toBe('tomorrow at 1:30am');
    expect(dueWords(Date.UTC(2026, 6, 1, 11, 0), Date.UTC(2026, 6, 1, 8, 0))).toBe('today at 12pm');
  });

  it('says midnight as the day it begins, as the emergency line does', () => {
    // 22:00 GMT plus two hours is 00:00 on Thursday.
    const late = Date.UTC(2026, 10, 25, 22, 0);
    expect(dueWords(late + 2 * 3_600_000, late)).toBe('at midnight tonight');
    expect(dueWords(Date.UTC(2026, 10, 30, 0, 0), late)).toBe('at midnight as Monday 30 November 2026 begins');
  });
});
