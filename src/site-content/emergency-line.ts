import { ukClock } from '../rules/uk-time';
import { type DayHours, type Facts, WEEKDAYS, type Weekday } from './model';

/**
 * When the emergency line answers, from the owner's facts: at any hour (the "24/7" fact, or
 * opening hours of 24/7), or within the opening hours. Every "24/7" the site says, and the
 * call-back promise of an "as soon as possible" request, follow this one rule.
 */
export interface EmergencyLine {
  /** Answered at any hour, every day: the only case in which anything may say "24/7". */
  allHours: boolean;
  /** The hours of each day, Monday first (empty when allHours). */
  days: DayHours[];
  /** '24/7', or the opening hours in short words: 'Mon–Fri 8am–6pm, Sat 9am–1pm'. */
  when: string;
}

export function emergencyLineOf(facts: Pick<Facts, 'hours' | 'emergencyLine247'>): EmergencyLine {
  if (facts.hours.mode === '24/7') return { allHours: true, days: [], when: '24/7' };
  // Before the fact existed, hours by day meant the line kept them.
  if (facts.emergencyLine247 === true) return { allHours: true, days: facts.hours.days, when: '24/7' };
  return { allHours: false, days: facts.hours.days, when: hoursInWords(facts.hours.days) };
}

/**
 * One phrase of ours in its two wordings: the one for a line that answers 24/7, or the one for a
 * line that keeps hours, `{when}` standing for those hours in words ('Mon–Fri 8am–6pm').
 */
export const byLine = (line: Pick<EmergencyLine, 'allHours' | 'when'>, allHours: string, inHours: string): string =>
  line.allHours ? allHours : inHours.replaceAll('{when}', line.when);

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

/** '08:00' -> '8am', '17:30' -> '5:30pm', '12:00' -> '12pm', '00:00' -> 'midnight'. */
export function clockWords(time: string): string {
  const minutes = minutesOf(time);
  if (minutes === 0) return 'midnight';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}

const isOpenDay = (day: DayHours | undefined): day is DayHours => Boolean(day?.opens && day.closes);

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

/** The UK weekday (index into WEEKDAYS) and minute of the day at an instant. */
function ukWeekMinute(now: number) {
  const clock = ukClock(now);
  const weekday = (new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay() + 6) % 7;
  return { weekday, minute: clock.hour * 60 + clock.minute };
}

const hoursOf = (line: EmergencyLine, weekday: number) => line.days.find((day) => day.day === WEEKDAYS[weekday]);

/** Whether the line answers at this instant (UK time). */
export function isLineOpen(line: EmergencyLine, now: number): boolean {
  if (line.allHours) return true;
  const { weekday, minute } = ukWeekMinute(now);
  const today = hoursOf(line, weekday);
  return isOpenDay(today) && minutesOf(today.opens) <= minute && minute < minutesOf(today.closes);
}

/**
 * When the line next opens after `now`, in words and UK time: 'today at 8am', 'tomorrow
 * (Thursday) at 8am', 'on Monday at 8am'; undefined when no day has hours.
 */
export function nextOpeningInWords(line: EmergencyLine, now: number): string | undefined {
  const { weekday, minute } = ukWeekMinute(now);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const index = (weekday + ahead) % 7;
    const day = hoursOf(line, index);
    if (!isOpenDay(day) || (ahead === 0 && minutesOf(day.opens) <= minute)) continue;
    const at = clockWords(day.opens);
    if (ahead === 0) return `today at ${at}`;
    if (ahead === 1) return `tomorrow (${WEEKDAYS[index]}) at ${at}`;
    return `on ${ahead === 7 ? 'next ' : ''}${WEEKDAYS[index]} at ${at}`;
  }
  return undefined;
}
