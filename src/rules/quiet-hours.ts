import { pad2, ukClock, ukWallClockToUtc } from './uk-time';

/**
 * Quiet hours, UK time: 'HH:MM' to 'HH:MM', across midnight when the end is earlier than the
 * start (22:00 to 07:00). An alert due inside them is held until they end, unless it is about an
 * "as soon as possible" request, which always goes at once.
 */
export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const minutesOf = (time: string) => {
  const match = CLOCK_TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** When the quiet hours around `now` end (epoch ms), or null when `now` is not inside them. */
export function quietUntil(from: string | null, to: string | null, now: number): number | null {
  const start = from === null ? null : minutesOf(from);
  const end = to === null ? null : minutesOf(to);
  if (start === null || end === null || start === end) return null;
  const clock = ukClock(now);
  const minute = clock.hour * 60 + clock.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // The end is today when it is still ahead on the clock, otherwise tomorrow.
  const dayOffset = minute < end ? 0 : 1;
  const wallClock = Date.UTC(clock.year, clock.month - 1, clock.day + dayOffset, Math.floor(end / 60), end % 60);
  return ukWallClockToUtc(wallClock);
}

export const formatClockTime = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
