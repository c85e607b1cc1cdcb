import { describe, expect, it } from 'vitest';
import { ageText } from '../../src/admin/leads/age';
import { penceOf, readStatusForm } from '../../src/jobs/status-form';
import { clockWords } from '../../src/rules/clock-words';
import { bookingWords, canMove, JOB_STATUSES, NEXT_STATUSES } from '../../src/rules/job-status';
import { formatPenceBrief } from '../../src/rules/money';

/** The job's rules in words: the moves allowed, money, times and the owner's form. */

describe('the moves a lead may make', () => {
  it('never goes back to new, never leaves done, and a lost lead can only be picked up again', () => {
    for (const from of JOB_STATUSES) expect(canMove(from, 'new')).toBe(false);
    expect(NEXT_STATUSES.done).toEqual([]);
    expect(NEXT_STATUSES.lost).toEqual(['contacted']);
    expect(canMove('booked', 'booked')).toBe(true);
    expect(canMove('new', 'done')).toBe(true);
  });
});

describe('words', () => {
  it('says times, bookings and money as the owner and customer read them', () => {
    expect(['08:00', '12:00', '14:30', '00:15', '00:00'].map(clockWords)).toEqual([
      '8am',
      '12pm',
      '2:30pm',
      '12:15am',
      'midnight',
    ]);
    expect(bookingWords({ day: '2026-11-26', from: '10:00', to: '12:00' })).toBe('Thursday 26 November 2026, 10am to 12pm');
    expect([0, 12550, 20000, 123456789].map(formatPenceBrief)).toEqual(['£0', '£125.50', '£200', '£1,234,567.89']);
    const now = Date.UTC(2026, 10, 25, 12);
    expect([0, 12 * 60_000, 3 * 3_600_000, 2 * 86_400_000].map((ago) => ageText(now - ago, now))).toEqual([
      'just now',
      '12 min ago',
      '3 h ago',
      '2 days ago',
    ]);
  });
});

describe("the owner's status form", () => {
  it('reads pounds and pence, and refuses what is not an amount', () => {
    expect(['', '120', '89.5', '89.50', '£95', '1,250.00'].map(penceOf)).toEqual([null, 12000, 8950, 8950, 9500, 125000]);
    for (const bad of ['-5', 'lots', '1.234', '12,34', '1e3', '100000001']) expect(penceOf(bad), bad).toBeUndefined();
  });

  it('needs a real day from today on, a window from the list or a start before the end', () => {
    const today = '2026-11-25';
    const read = (fields: Record<string, string>) => readStatusForm({ status: 'booked', ...fields }, 'new', today);
    expect(read({ day: '2026-11-25', window: '16-18' })).toEqual({
      ok: true,
      change: { to: 'booked', booking: { day: '2026-11-25', from: '16:00', to: '18:00' } },
    });
    expect(read({ day: '2026-11-24', window: '16-18' })).toMatchObject({ ok: false, field: 'day' });
    expect(read({ day: '2027-11-27', window: '16-18' })).toMatchObject({ ok: false, field: 'day' });
    expect(read({ day: '2026-11-31', window: '16-18' })).toMatchObject({ ok: false, field: 'day' });
    expect(read({ day: '2026-11-26', window: '18-20' })).toMatchObject({ ok: false, field: 'window' });
    expect(read({ day: '2026-11-26', window: 'custom', from: '9:00', to: '10:00' })).toMatchObject({ ok: false, field: 'from' });
    expect(read({ day: '2026-11-26', window: 'custom', from: '10:00', to: '10:00' })).toMatchObject({ ok: false, field: 'to' });
    expect(readStatusForm({ status: 'booked' }, 'done', today)).toMatchObject({ ok: false, field: 'status' });
  });

  it('books or moves a visit only to a window not yet over: earlier today is refused, later today taken', () => {
    const today = '2026-11-25';
    const move = (fields: Record<string, string>, from: 'booked' | 'rebook' | 'new' = 'booked') =>
      readStatusForm({ status: 'booked', day: today, ...fields }, from, today, '14:30');
    const past = { ok: false, message: 'That time has already passed today. Choose a later window or another day.' };
    expect(move({ window: '12-14' })).toEqual({ ...past, field: 'window' });
    expect(move({ window: '12-14' }, 'rebook')).toEqual({ ...past, field: 'window' });
    expect(move({ window: 'custom', from: '13:00', to: '14:30' })).toEqual({ ...past, field: 'to' });
    expect(move({ window: '14-16' })).toMatchObject({ ok: true });
    expect(move({ window: 'custom', from: '13:00', to: '14:31' })).toMatchObject({ ok: true });
    expect(move({ window: '12-14', day: '2026-11-26' })).toMatchObject({ ok: true });
    // A first booking too: the customer and the engineer would be e-mailed a time already gone.
    expect(move({ window: '12-14' }, 'new')).toEqual({ ...past, field: 'window' });
    expect(move({ window: '14-16' }, 'new')).toMatchObject({ ok: true });
  });
});
