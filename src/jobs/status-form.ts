import type { Booking, StatusChange } from '../db/lead-jobs';
import { LIMITS } from '../leads/schemas';
import { ARRIVAL_WINDOWS, canMove, isJobStatus, isLostReason, JOB_STATUS_LABELS, type JobStatus } from '../rules/job-status';
import { isCleanText, isOneLine } from '../rules/text';
import { addDays } from '../rules/uk-time';

/**
 * The owner's status form, checked: what they asked for, or the field that is wrong and a message
 * a person understands. The same check for the lead page's forms and anything posting to them.
 */

export type StatusField = 'status' | 'day' | 'window' | 'from' | 'to' | 'address' | 'value' | 'lost_reason';

export type StatusFormResult = { ok: true; change: StatusChange } | { ok: false; field: StatusField; message: string };

const STATUS_MESSAGES = {
  status: 'Choose one of the statuses offered.',
  day: 'Choose the day of the booking.',
  pastDay: 'Choose today or a later day for the booking.',
  pastWindow: 'That time has already passed today. Choose a later window or another day.',
  farDay: 'Choose a day within the next year.',
  window: 'Choose an arrival window, or "Other times" with a start and an end.',
  time: 'Enter a time like 09:30.',
  order: 'The arrival window must end after it starts.',
  value: 'Enter the job value in pounds, like 120 or 89.50, or leave it empty.',
  lostReason: 'Choose why the lead was lost.',
  address: 'Enter the address of the visit: the customer did not give one.',
  addressLong: `Keep the address to ${LIMITS.address} characters.`,
  addressLine: 'Enter the address on one line.',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Pounds and optional pence: '120', '89.5', '1,250.00', '£95'. At most £1,000,000. */
const MONEY = /^£?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?$/;

const text = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? (body[name] as string).trim() : '';

function realDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Pence from the owner's pounds, null for empty, undefined when it is not an amount. */
export function penceOf(value: string): number | null | undefined {
  if (value === '') return null;
  const match = MONEY.exec(value);
  if (!match) return undefined;
  const pence = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence <= 100_000_000 ? pence : undefined;
}

type BookingRead = { ok: true; booking: Booking } | Extract<StatusFormResult, { ok: false }>;

function bookingOf(body: Record<string, unknown>, today: string): BookingRead {
  const day = text(body, 'day');
  if (!day) return { ok: false, field: 'day', message: STATUS_MESSAGES.day };
  if (!realDay(day)) return { ok: false, field: 'day', message: STATUS_MESSAGES.day };
  if (day < today) return { ok: false, field: 'day', message: STATUS_MESSAGES.pastDay };
  if (day > addDays(today, 366)) return { ok: false, field: 'day', message: STATUS_MESSAGES.farDay };
  const windowId = text(body, 'window');
  const preset = ARRIVAL_WINDOWS.find((window) => window.id === windowId);
  if (preset) return { ok: true, booking: { day, from: preset.from, to: preset.to } };
  if (windowId !== 'custom') return { ok: false, field: 'window', message: STATUS_MESSAGES.window };
  const from = text(body, 'from');
  const to = text(body, 'to');
  if (!TIME.test(from)) return { ok: false, field: 'from', message: STATUS_MESSAGES.time };
  if (!TIME.test(to)) return { ok: false, field: 'to', message: STATUS_MESSAGES.time };
  if (to <= from) return { ok: false, field: 'to', message: STATUS_MESSAGES.order };
  return { ok: true, booking: { day, from, to } };
}

/**
 * A visit cannot be booked or moved to a window already over today: the customer and the engineer
 * would be e-mailed a time that has passed. An emergency attended on the day is marked done
 * instead (done straight from new or contacted is allowed), which sends no booking.
 */
function notPast(read: BookingRead, today: string, clock: string): BookingRead {
  if (!read.ok) return read;
  const { booking } = read;
  if (booking.day !== today || booking.to > clock) return read;
  const custom = !ARRIVAL_WINDOWS.some((window) => window.from === booking.from && window.to === booking.to);
  return { ok: false, field: custom ? 'to' : 'window', message: STATUS_MESSAGES.pastWindow };
}

/**
 * The visit's address, asked for when the lead has none (a contact message): the schedule, the
 * engineer's page and the customer's calendar file all say where the visit is from the lead's.
 */
function addressOf(body: Record<string, unknown>): { ok: true; address: string } | Extract<StatusFormResult, { ok: false }> {
  const address = text(body, 'address');
  if (!address) return { ok: false, field: 'address', message: STATUS_MESSAGES.address };
  if ([...address].length > LIMITS.address) return { ok: false, field: 'address', message: STATUS_MESSAGES.addressLong };
  if (!isOneLine(address) || !isCleanText(address)) return { ok: false, field: 'address', message: STATUS_MESSAGES.addressLine };
  return { ok: true, address };
}

/**
 * Checks a status form against the lead's current status; `today` is the UK date, `clock` the UK
 * time 'HH:MM'; `needsAddress`: the lead has no address, so a booking must give one.
 */
export function readStatusForm(
  body: Record<string, unknown>,
  current: JobStatus,
  today: string,
  clock = '00:00',
  needsAddress = false,
): StatusFormResult {
  const to = text(body, 'status');
  if (!isJobStatus(to) || !canMove(current, to)) {
    const message = isJobStatus(to)
      ? `A lead that is ${JOB_STATUS_LABELS[current].toLowerCase()} cannot be marked ${JOB_STATUS_LABELS[to].toLowerCase()}.`
      : STATUS_MESSAGES.status;
    return { ok: false, field: 'status', message };
  }
  switch (to) {
    case 'new':
    case 'contacted':
      return { ok: true, change: { to: 'contacted' } };
    case 'booked': {
      const result = notPast(bookingOf(body, today), today, clock);
      if (!result.ok) return result;
      if (!needsAddress) return { ok: true, change: { to: 'booked', booking: result.booking } };
      const where = addressOf(body);
      return where.ok ? { ok: true, change: { to: 'booked', booking: result.booking, address: where.address } } : where;
    }
    case 'done': {
      const valuePence = penceOf(text(body, 'value'));
      if (valuePence === undefined) return { ok: false, field: 'value', message: STATUS_MESSAGES.value };
      return { ok: true, change: { to: 'done', valuePence } };
    }
    case 'lost': {
      const reason = text(body, 'lost_reason');
      if (!isLostReason(reason)) return { ok: false, field: 'lost_reason', message: STATUS_MESSAGES.lostReason };
      return { ok: true, change: { to: 'lost', reason } };
    }
    default:
      // Rebook and cancelled are the customer's to ask (`recordCustomerRequest`), never a target here.
      return { ok: false, field: 'status', message: STATUS_MESSAGES.status };
  }
}
