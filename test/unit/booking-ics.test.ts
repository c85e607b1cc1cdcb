import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingIcs, cancelIcs, escapeText, foldLine } from '../../src/jobs/ics';

/** The booking's calendar file, read back by a real iCalendar parser (ical.js, Mozilla's). */

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone')!;
  ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

const ics = (day: string, from: string, to: string, extra: Partial<Parameters<typeof bookingIcs>[0]> = {}) =>
  bookingIcs({
    uid: 'abc123@www.example.com',
    sequence: 3,
    booking: { day, from, to },
    summary: 'BCP Drainage & Plumbing: Drain Unblocking',
    description: 'Arriving between 10am and 12pm, ref. 1A2B3C4D',
    location: '12 Seaview Road, Southbourne; Bournemouth BH6 3AA',
    organizer: { name: 'BCP Drainage & Plumbing', email: 'no-reply@example.com' },
    stamp: Date.UTC(2026, 9, 1, 8, 0),
    ...extra,
  });

describe('the booking .ics', () => {
  it('holds the arrival window in Europe/London on both sides of the October clock change', () => {
    // Saturday 24 October 2026 is BST (UTC+1); Monday 26 October is GMT.
    const before = parse(ics('2026-10-24', '10:00', '12:00')).event;
    expect(before.startDate.zone?.tzid).toBe('Europe/London');
    expect(before.startDate.toJSDate().toISOString()).toBe('2026-10-24T09:00:00.000Z');
    expect(before.endDate.toJSDate().toISOString()).toBe('2026-10-24T11:00:00.000Z');
    const after = parse(ics('2026-10-26', '10:00', '12:00')).event;
    expect(after.startDate.toJSDate().toISOString()).toBe('2026-10-26T10:00:00.000Z');
    expect(after.endDate.toJSDate().toISOString()).toBe('2026-10-26T12:00:00.000Z');
  });

  it('and on both sides of the March one', () => {
    const before = parse(ics('2027-03-27', '08:00', '10:00')).event;
    expect(before.startDate.toJSDate().toISOString()).toBe('2027-03-27T08:00:00.000Z');
    const after = parse(ics('2027-03-29', '08:00', '10:00')).event;
    expect(after.startDate.toJSDate().toISOString()).toBe('2027-03-29T07:00:00.000Z');
  });

  it('reads back every field, escaped text intact, with CRLF lines of at most 75 octets', () => {
    const text = ics('2026-12-01', '14:00', '16:00', {
      description: `Line one\nLine two; with, commas \\ and a long tail ${'é'.repeat(60)}`,
    });
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('BCP Drainage');
    expect(event.uid).toBe('abc123@www.example.com');
    expect(event.sequence).toBe(3);
    expect(event.summary).toBe('BCP Drainage & Plumbing: Drain Unblocking');
    expect(event.location).toBe('12 Seaview Road, Southbourne; Bournemouth BH6 3AA');
    expect(event.description).toBe(`Line one\nLine two; with, commas \\ and a long tail ${'é'.repeat(60)}`);
    expect(event.organizer).toBe('mailto:no-reply@example.com');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes and folds by the rules', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    expect(foldLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
  });
});

describe('the cancellation .ics', () => {
  it('is METHOD:CANCEL with the same event, STATUS:CANCELLED, and names the customer as the one it is taken from', () => {
    const base = {
      uid: 'abc123@www.example.com',
      sequence: 4,
      booking: { day: '2026-12-01', from: '14:00', to: '16:00' },
      summary: 'Cancelled: BCP Drainage & Plumbing: Drain Unblocking',
      description: 'Cancelled. Reference 1A2B3C4D.',
      location: '12 Seaview Road',
      organizer: { name: 'BCP Drainage & Plumbing', email: 'no-reply@example.com' },
      stamp: Date.UTC(2026, 9, 1, 8, 0),
    };
    const text = cancelIcs({ ...base, attendee: { name: 'Maria "M" Smith', email: 'maria@example.org' } });
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.uid).toBe('abc123@www.example.com');
    expect(event.sequence).toBe(4);
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    const attendee = event.component.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:maria@example.org');
    expect(attendee.getParameter('cn')).toBe('Maria M Smith');
    // The booking itself stays a confirmed PUBLISH with no attendee.
    const booking = parse(bookingIcs(base));
    expect(booking.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(booking.event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(booking.event.component.getFirstProperty('attendee')).toBeNull();
  });
});
