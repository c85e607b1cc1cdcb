import { describe, expect, it } from 'vitest';
import { callBackPromise } from '../../src/leads/call-back';
import { emergencyLineOf, hoursInWords, isLineOpen, nextOpeningInWords } from '../../src/site-content/emergency-line';
import { type DayHours, WEEKDAYS } from '../../src/site-content/model';

/** When the emergency line answers, and what a request for a call as soon as possible is promised. */

const week = (hours: Partial<Record<(typeof WEEKDAYS)[number], [string, string]>>): DayHours[] =>
  WEEKDAYS.map((day) => ({ day, opens: hours[day]?.[0] ?? '', closes: hours[day]?.[1] ?? '' }));

const officeWeek = week({
  Monday: ['08:00', '18:00'],
  Tuesday: ['08:00', '18:00'],
  Wednesday: ['08:00', '18:00'],
  Thursday: ['08:00', '18:00'],
  Friday: ['08:00', '18:00'],
  Saturday: ['09:00', '12:30'],
});
const office = emergencyLineOf({ hours: { mode: 'days', days: officeWeek }, emergencyLine247: false });

describe('the emergency line', () => {
  it('answers 24/7 when the fact says so, or the opening hours are 24/7; a revision without the fact reads it from its hours', () => {
    expect(emergencyLineOf({ hours: { mode: '24/7' } }).allHours).toBe(true);
    expect(emergencyLineOf({ hours: { mode: '24/7' }, emergencyLine247: false }).allHours).toBe(true);
    expect(emergencyLineOf({ hours: { mode: 'days', days: officeWeek }, emergencyLine247: true }).when).toBe('24/7');
    expect(emergencyLineOf({ hours: { mode: 'days', days: officeWeek } }).allHours).toBe(false);
    expect(office.when).toBe('Mon–Fri 8am–6pm, Sat 9am–12:30pm');
  });

  it('words the hours of each day, runs of days alike together', () => {
    expect(hoursInWords(week({ Monday: ['07:30', '17:00'], Wednesday: ['07:30', '17:00'], Sunday: ['00:00', '12:00'] }))).toBe(
      'Mon 7:30am–5pm, Wed 7:30am–5pm, Sun midnight–12pm',
    );
    expect(hoursInWords(week({}))).toBe('by appointment');
  });

  it.each([
    ['2026-11-25T07:59:00Z', false], // Wednesday, GMT
    ['2026-11-25T08:00:00Z', true],
    ['2026-11-25T17:59:00Z', true],
    ['2026-11-25T18:00:00Z', false],
    ['2026-11-29T10:00:00Z', false], // Sunday
    ['2026-07-01T07:30:00Z', true], // 08:30 BST
    ['2026-07-01T17:30:00Z', false], // 18:30 BST
  ])('at %s is open: %s (UK time)', (at, open) => {
    expect(isLineOpen(office, Date.parse(at))).toBe(open);
  });

  it.each([
    ['2026-11-25T06:00:00Z', 'today at 8am'],
    ['2026-11-25T23:00:00Z', 'tomorrow (Thursday) at 8am'],
    ['2026-11-27T23:00:00Z', 'tomorrow (Saturday) at 9am'],
    ['2026-11-28T13:00:00Z', 'on Monday at 8am'],
    ['2026-07-01T22:30:00Z', 'tomorrow (Thursday) at 8am'], // 23:30 BST on Wednesday
    ['2026-06-30T23:30:00Z', 'today at 8am'], // 00:30 BST on Wednesday
  ])('after %s opens next %s', (at, words) => {
    expect(nextOpeningInWords(office, Date.parse(at))).toBe(words);
  });

  it('opens next week on the same day when that is its only day', () => {
    const mondays = emergencyLineOf({ hours: { mode: 'days', days: week({ Monday: ['09:00', '10:00'] }) } });
    expect(nextOpeningInWords(mondays, Date.parse('2026-11-23T11:00:00Z'))).toBe('on next Monday at 9am');
    expect(nextOpeningInWords(emergencyLineOf({ hours: { mode: 'days', days: week({}) } }), 0)).toBeUndefined();
  });
});

describe('the call-back promise', () => {
  const facts = (line = office) => ({ line, response: { callBack: 'We call back within one working day' } });
  const at11pm = Date.parse('2026-11-25T23:00:00Z');

  it('is the everyday one unless a call was asked for as soon as possible', () => {
    expect(callBackPromise(facts(), 'evening', at11pm)).toEqual({ text: 'We call back within one working day', lineOpen: false });
  });

  it('is within the hour while the line answers, and its next opening while it does not', () => {
    const always = emergencyLineOf({ hours: { mode: '24/7' } });
    expect(callBackPromise(facts(always), 'asap', at11pm).text).toBe(
      'You asked for a call as soon as possible: we will call you within the hour',
    );
    expect(callBackPromise(facts(), 'asap', at11pm).text).toBe(
      'You asked for a call as soon as possible: our line is closed now, so we will call you when it opens, tomorrow (Thursday) at 8am',
    );
    const never = emergencyLineOf({ hours: { mode: 'days', days: week({}) } });
    expect(callBackPromise(facts(never), 'asap', at11pm).text).toBe(
      'You asked for a call as soon as possible: our line is closed now, so we call back within one working day',
    );
  });
});
