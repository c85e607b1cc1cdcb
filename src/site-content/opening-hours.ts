import { clockWords } from '../rules/clock-words';
import { ukClock } from '../rules/uk-time';
import type { DayHours, Weekday } from './model';

/**
 * The owner's opening hours, read and worded: which days are open, whether a minute of the day
 * falls within a day's hours, and the week in short words. The emergency line (emergencyLineOf)
 * keeps these hours unless it answers 24/7.
 */

/** A day's hours, or a notice's: 'HH:MM' both, or '' both when closed. */
export type Hours = Pick<DayHours, 'opens' | 'closes'>;

const SHORT_DAY: Record<Weekday, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
  Sunday: 'Sun',
};

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export const isOpenDay = <T extends Hours>(day: T | undefined): day is T => Boolean(day?.opens && day.closes);

/** Whether a minute of the day (0-1439) falls within these hours (from opening, until closing). */
export const withinHours = (hours: Hours | undefined, minute: number) =>
  isOpenDay(hours) && minutesOf(hours.opens) <= minute && minute < minutesOf(hours.closes);

/** The days' hours in short words, runs of days alike joined: 'Mon–Fri 8am–6pm, Sat 9am–1pm'. */
export function hoursInWords(days: readonly DayHours[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (!isOpenDay(day)) continue;
    let last = i;
    while (isOpenDay(days[last + 1]) && days[last + 1]!.opens === day.opens && days[last + 1]!.closes === day.closes) last++;
    const span = last === i ? SHORT_DAY[day.day] : `${SHORT_DAY[day.day]}–${SHORT_DAY[days[last]!.day]}`;
    parts.push(`${span} ${clockWords(day.opens)}–${clockWords(day.closes)}`);
    i = last;
  }
  return parts.length > 0 ? parts.join(', ') : 'by appointment';
}

/** The UK weekday (index into WEEKDAYS, Monday 0) and minute of the day at an instant. */
export function ukWeekMinute(now: number) {
  const clock = ukClock(now);
  const weekday = (new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay() + 6) % 7;
  return { weekday, minute: clock.hour * 60 + clock.minute };
}
