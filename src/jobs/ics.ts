import type { Booking } from '../db/lead-jobs';

/**
 * A booking as an iCalendar file (RFC 5545) a customer's calendar app adds: the arrival window in
 * Europe/London time with the zone's own definition (VTIMEZONE: BST from the last Sunday of March,
 * GMT from the last Sunday of October), so the event sits at the same wall-clock time on both
 * sides of a clock change. Lines end in CRLF and are folded at 75 octets; text is escaped.
 */

export interface IcsEvent {
  /** Stays the same for every booking of one lead, so a rebooking replaces the old event. */
  uid: string;
  /** Higher for each later version of the event. */
  sequence: number;
  booking: Booking;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  stamp: number;
}

const LONDON = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const encoder = new TextEncoder();

/** A parameter value cannot be escaped, only quoted: quotes and control characters are dropped. */
const paramValue = (value: string) => [...value].filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 0x20).join('');

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const localTime = (day: string, hhmm: string) => `${day.replace(/-/g, '')}T${hhmm.replace(':', '')}00`;

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A calendar's lines around its events, Europe/London defined once. */
function calendarLines(method: 'PUBLISH' | 'CANCEL' | null, events: readonly string[][], name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BCP Drainage & Plumbing//Bookings//EN',
    'CALSCALE:GREGORIAN',
    ...(method ? [`METHOD:${method}`] : []),
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`, 'X-WR-TIMEZONE:Europe/London'] : []),
    ...LONDON,
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

type EventLines = Omit<IcsEvent, 'organizer'> & {
  organizer?: IcsEvent['organizer'];
  url?: string;
  /** The customer, named only in a cancellation (RFC 5546 3.2.5 lists who the event is taken from). */
  attendee?: { name: string; email: string };
  cancelled?: true;
};

/** One VEVENT: the window in London time; an organiser, an attendee and a link only when given. */
function eventLines(event: EventLines): string[] {
  const { booking } = event;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=Europe/London:${localTime(booking.day, booking.from)}`,
    `DTEND;TZID=Europe/London:${localTime(booking.day, booking.to)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [`ORGANIZER;CN="${paramValue(event.organizer.name)}":mailto:${event.organizer.email}`] : []),
    ...(event.attendee ? [`ATTENDEE;CN="${paramValue(event.attendee.name)}":mailto:${event.attendee.email}`] : []),
    event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

export function bookingIcs(event: IcsEvent): string {
  return calendarLines('PUBLISH', [eventLines(event)]);
}

/**
 * The visit is off: the same UID, a higher SEQUENCE, STATUS:CANCELLED, sent as METHOD:CANCEL, so
 * the customer's calendar takes the event out (or marks it cancelled) instead of keeping it.
 */
export function cancelIcs(event: IcsEvent & { attendee: { name: string; email: string } }): string {
  return calendarLines('CANCEL', [eventLines({ ...event, cancelled: true })]);
}

/** A feed event: no organiser (the person is one), a link to the lead in the admin. */
export type FeedEvent = Omit<IcsEvent, 'organizer'> & { url: string };

/** A subscribed calendar (a person's feed): every event in one file, named for the calendar list. */
export function feedIcs(name: string, events: readonly FeedEvent[]): string {
  return calendarLines(null, events.map(eventLines), name);
}
