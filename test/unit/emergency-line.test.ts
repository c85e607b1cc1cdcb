import { describe, expect, it } from 'vitest';
import { callBackPromise } from '../../src/leads/call-back';
import { closedByNotice, emergencyLineOf, isLineOpen, nextOpeningInWords } from '../../src/site-content/emergency-line';
import { type DayHours, WEEKDAYS } from '../../src/site-content/model';
import { hoursInWords } from '../../src/site-content/opening-hours';

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

describe("the owner's notices and the line's hours", () => {
  const notice = (starts: string, ends: string, hours?: { opens: string; closes: string }) => ({
    id: 'n',
    text: 'Christmas',
    starts,
    ends,
    ...(hours ? { hours } : {}),
  });
  const closed = { opens: '', closes: '' };
  const officeWith = (...notices: ReturnType<typeof notice>[]) =>
    emergencyLineOf({ hours: { mode: 'days', days: officeWeek }, emergencyLine247: false }, notices);
  // Closed from Thursday 24 December to the start of Sunday 27 December 2026 (GMT).
  const christmas = officeWith(notice('2026-12-24T00:00', '2026-12-27T00:00', closed));

  it.each([
    ['2026-12-23T17:59:00Z', true], // the Wednesday before, its usual hours
    ['2026-12-24T00:00:00Z', false],
    ['2026-12-24T10:00:00Z', false], // a Thursday, usually open
    ['2026-12-26T10:00:00Z', false], // a Saturday, usually open
    ['2026-12-28T08:00:00Z', true], // the Monday after: the notice has ended
  ])('a closure: at %s is open: %s', (at, open) => {
    expect(isLineOpen(christmas, Date.parse(at))).toBe(open);
  });

  it.each([
    ['2026-12-23T23:00:00Z', 'on Monday at 8am'], // not Thursday 8am
    ['2026-12-24T10:00:00Z', 'on Monday at 8am'],
    ['2026-12-27T10:00:00Z', 'tomorrow (Monday) at 8am'],
  ])('a closure: after %s opens next %s', (at, words) => {
    expect(nextOpeningInWords(christmas, Date.parse(at))).toBe(words);
  });

  it('says when the line is closed because of a notice, not when it is only outside its hours', () => {
    expect(closedByNotice(christmas, Date.parse('2026-12-24T10:00:00Z'))).toBe(true);
    expect(closedByNotice(christmas, Date.parse('2026-12-28T10:00:00Z'))).toBe(false);
    expect(closedByNotice(office, Date.parse('2026-11-25T23:00:00Z'))).toBe(false);
  });

  it('names the date of an opening more than a week away', () => {
    const fortnight = officeWith(notice('2026-12-24T00:00', '2027-01-04T00:00', closed));
    expect(nextOpeningInWords(fortnight, Date.parse('2026-12-23T23:00:00Z'))).toBe('on Monday 4 January at 8am');
  });

  it('opens as a closure ends within the day’s hours', () => {
    const morning = officeWith(notice('2026-12-24T00:00', '2026-12-24T12:00', closed));
    expect(isLineOpen(morning, Date.parse('2026-12-24T11:59:00Z'))).toBe(false);
    expect(isLineOpen(morning, Date.parse('2026-12-24T12:00:00Z'))).toBe(true);
    expect(nextOpeningInWords(morning, Date.parse('2026-12-24T09:00:00Z'))).toBe('today at 12pm');
  });

  it('keeps only the notice’s hours on its days, also on a day usually closed', () => {
    const short = officeWith(notice('2026-12-24T00:00', '2026-12-28T00:00', { opens: '10:00', closes: '14:00' }));
    expect(isLineOpen(short, Date.parse('2026-12-24T09:00:00Z'))).toBe(false);
    expect(isLineOpen(short, Date.parse('2026-12-24T10:00:00Z'))).toBe(true);
    expect(isLineOpen(short, Date.parse('2026-12-24T14:00:00Z'))).toBe(false);
    expect(isLineOpen(short, Date.parse('2026-12-27T11:00:00Z'))).toBe(true); // Sunday
    expect(nextOpeningInWords(short, Date.parse('2026-12-24T07:00:00Z'))).toBe('today at 10am');
    expect(nextOpeningInWords(short, Date.parse('2026-12-24T15:00:00Z'))).toBe('tomorrow (Friday) at 10am');
    expect(nextOpeningInWords(short, Date.parse('2026-12-27T15:00:00Z'))).toBe('tomorrow (Monday) at 8am');
  });

  it('is closed while any notice on says closed', () => {
    const both = officeWith(
      notice('2026-12-24T00:00', '2026-12-28T00:00', { opens: '10:00', closes: '14:00' }),
      notice('2026-12-25T00:00', '2026-12-26T00:00', closed),
    );
    expect(isLineOpen(both, Date.parse('2026-12-25T11:00:00Z'))).toBe(false);
    expect(nextOpeningInWords(both, Date.parse('2026-12-25T11:00:00Z'))).toBe('tomorrow (Saturday) at 10am');
  });

  it('reads a notice’s times as UK time across British Summer Time and its edges', () => {
    // Wednesday 1 July to 12pm BST on Thursday 2 July (11:00 UTC).
    const summer = officeWith(notice('2026-07-01T00:00', '2026-07-02T12:00', closed));
    expect(isLineOpen(summer, Date.parse('2026-07-02T10:59:00Z'))).toBe(false);
    expect(isLineOpen(summer, Date.parse('2026-07-02T11:00:00Z'))).toBe(true);
    expect(nextOpeningInWords(summer, Date.parse('2026-07-01T10:00:00Z'))).toBe('tomorrow (Thursday) at 12pm');
    // A 24/7 line closed until 12pm on the Sunday the clocks go forward (11:00 UTC) ...
    const always = (starts: string, ends: string) => emergencyLineOf({ hours: { mode: '24/7' } }, [notice(starts, ends, closed)]);
    const spring = always('2026-03-28T00:00', '2026-03-29T12:00');
    expect(isLineOpen(spring, Date.parse('2026-03-29T10:59:00Z'))).toBe(false);
    expect(isLineOpen(spring, Date.parse('2026-03-29T11:00:00Z'))).toBe(true);
    expect(nextOpeningInWords(spring, Date.parse('2026-03-28T12:00:00Z'))).toBe('tomorrow (Sunday) at 12pm');
    // ... and until 9am on the Sunday they go back (09:00 UTC, an hour after 9am BST would be).
    const autumn = always('2026-10-24T00:00', '2026-10-25T09:00');
    expect(isLineOpen(autumn, Date.parse('2026-10-25T08:30:00Z'))).toBe(false);
    expect(isLineOpen(autumn, Date.parse('2026-10-25T09:00:00Z'))).toBe(true);
    expect(nextOpeningInWords(autumn, Date.parse('2026-10-24T22:30:00Z'))).toBe('tomorrow (Sunday) at 9am'); // 23:30 BST Saturday
    expect(nextOpeningInWords(autumn, Date.parse('2026-10-24T23:30:00Z'))).toBe('today at 9am'); // 00:30 BST Sunday
  });

  it('words an opening at midnight as the day it begins', () => {
    const line = emergencyLineOf({ hours: { mode: '24/7' } }, [notice('2026-12-24T00:00', '2026-12-27T00:00', closed)]);
    expect(nextOpeningInWords(line, Date.parse('2026-12-24T10:00:00Z'))).toBe('at midnight as Sunday begins');
    expect(nextOpeningInWords(line, Date.parse('2026-12-26T10:00:00Z'))).toBe('at midnight tonight');
  });

  it('ignores a notice that does not change the hours, and one for a line that answers outside the hours', () => {
    const textOnly = officeWith(notice('2026-12-24T00:00', '2026-12-27T00:00'));
    expect(isLineOpen(textOnly, Date.parse('2026-12-24T10:00:00Z'))).toBe(true);
    const outside = emergencyLineOf({ hours: { mode: 'days', days: officeWeek }, emergencyLine247: true }, [
      notice('2026-12-24T00:00', '2026-12-27T00:00', closed),
    ]);
    expect(isLineOpen(outside, Date.parse('2026-12-25T03:00:00Z'))).toBe(true);
  });

  it('makes the promise to a request as soon as possible during the notice, and the usual one after it', () => {
    const facts = { line: christmas, response: { callBack: 'We call back within one working day' } };
    expect(callBackPromise(facts, 'asap', Date.parse('2026-12-24T10:00:00Z'))).toEqual({
      text: 'You asked for a call as soon as possible: our line is closed now, so we will call you when it opens, on Monday at 8am',
      lineOpen: false,
    });
    expect(callBackPromise(facts, 'asap', Date.parse('2026-12-28T10:00:00Z'))).toEqual({
      text: 'You asked for a call as soon as possible: we will call you within the hour',
      lineOpen: true,
    });
  });
});
