import { addDays, formatLondonTime, londonDay, londonLocalToUtc, MONTH_NAMES, ukClock } from '../rules/uk-time';
import { type DayHours, type Facts, type Notice, WEEKDAYS } from './model';
import { type Hours, hoursInWords, isOpenDay, ukWeekMinute, withinHours } from './opening-hours';

/**
 * When the emergency line answers, from the owner's facts: at any hour (the "24/7" fact, or
 * opening hours of 24/7), or within the opening hours. Every "24/7" the site says, and the
 * call-back promise of an "as soon as possible" request, follow this one rule. A notice that
 * closes the business or shortens its hours changes the line's hours while it is on, unless the
 * line answers 24/7 outside the opening hours (then the notice changes only those hours).
 */
export interface EmergencyLine {
  /** Answered at any hour, every day: the only case in which anything may say "24/7". */
  allHours: boolean;
  /** The hours of each day, Monday first (empty when allHours). */
  days: DayHours[];
  /** '24/7', or the opening hours in short words: 'Mon–Fri 8am–6pm, Sat 9am–1pm'. */
  when: string;
  /** The owner's notices that change the line's hours: while one is on, its hours are the line's. */
  changes: HoursChange[];
}

/** A notice's change to the hours, on from `start` to `end` (epoch ms): open only opens–closes each day, or closed ('' both). */
interface HoursChange {
  start: number;
  end: number;
  opens: string;
  closes: string;
}

/** A notice's start and end as instants (epoch ms); undefined when either is unreadable. */
export function noticeSpan(notice: Pick<Notice, 'starts' | 'ends'>): { start: number; end: number } | undefined {
  const start = londonLocalToUtc(notice.starts)?.getTime();
  const end = londonLocalToUtc(notice.ends)?.getTime();
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** The notices that change the hours, as changes (ended ones too: the rule reads only those on at an instant). */
function hoursChangesOf(notices: readonly Notice[]): HoursChange[] {
  return notices.flatMap((notice) => {
    const span = notice.hours && noticeSpan(notice);
    return notice.hours && span ? [{ ...span, opens: notice.hours.opens, closes: notice.hours.closes }] : [];
  });
}

type LineFacts = Pick<Facts, 'hours' | 'emergencyLine247'>;

/**
 * Whether a notice that closes or shortens the opening hours changes the line's: yes, unless the
 * line answers outside the opening hours (ticked "24/7, outside these hours too" beside hours by
 * day). Opening hours of 24/7 are the line's hours.
 */
export const noticesChangeTheLine = (facts: LineFacts) => facts.hours.mode === '24/7' || facts.emergencyLine247 !== true;

export function emergencyLineOf(facts: LineFacts, notices: readonly Notice[] = []): EmergencyLine {
  const changes = noticesChangeTheLine(facts) ? hoursChangesOf(notices) : [];
  if (facts.hours.mode === '24/7') return { allHours: true, days: [], when: '24/7', changes };
  // Before the fact existed, hours by day meant the line kept them.
  if (facts.emergencyLine247 === true) return { allHours: true, days: facts.hours.days, when: '24/7', changes };
  return { allHours: false, days: facts.hours.days, when: hoursInWords(facts.hours.days), changes };
}

const hoursOf = (line: EmergencyLine, weekday: number) => line.days.find((day) => day.day === WEEKDAYS[weekday]);

/**
 * Whether the line answers at this instant (UK time): while notices that change the hours are on,
 * only within their hours (closed when any says closed); otherwise at all hours or within the day's.
 */
export function isLineOpen(line: EmergencyLine, now: number): boolean {
  const { weekday, minute } = ukWeekMinute(now);
  const on = line.changes.filter((change) => change.start <= now && now < change.end);
  if (on.length > 0) return on.every((change) => withinHours(change, minute));
  return line.allHours || withinHours(hoursOf(line, weekday), minute);
}

/** Whether the line is closed at this instant with a notice that changes its hours on. */
export const closedByNotice = (line: EmergencyLine, now: number): boolean =>
  !isLineOpen(line, now) && line.changes.some((change) => change.start <= now && now < change.end);

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far ahead an opening is looked for past the last change's end: a week and a day. */
const HORIZON_DAYS = 8;
/** However long a notice, no opening is looked for beyond this. */
const MAX_HORIZON_DAYS = 400;

/** The instant a UK date's clock shows `time` ('HH:MM'). */
const instantOn = (day: string, time: string) => londonLocalToUtc(`${day}T${time}`)?.getTime();

/**
 * When the line next opens after `now` (the first instant it answers having not answered the
 * minute before): at a day's opening time, at a change's opening time on one of its days, or as a
 * change starts or ends. Undefined when it does not open within the horizon.
 */
function nextOpening(line: EmergencyLine, now: number): number | undefined {
  const lastEnd = Math.max(now, ...line.changes.map((change) => change.end));
  const until = Math.min(lastEnd + HORIZON_DAYS * DAY_MS, now + MAX_HORIZON_DAYS * DAY_MS);
  const candidates: number[] = line.changes.flatMap((change) => [change.start, change.end]);
  const today = londonDay(now);
  for (let ahead = 0; ; ahead++) {
    const day = addDays(today, ahead);
    const first = instantOn(day, '00:00');
    if (first === undefined || first > until) break;
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const times = [hoursOf(line, weekday), ...line.changes].flatMap((hours) => (isOpenDay<Hours>(hours) ? [hours.opens] : []));
    for (const time of times) {
      const at = instantOn(day, time);
      if (at !== undefined) candidates.push(at);
    }
  }
  const opening = candidates
    .filter((at) => at > now && at <= until && isLineOpen(line, at) && !isLineOpen(line, at - MINUTE_MS))
    .sort((a, b) => a - b)[0];
  return opening;
}

/**
 * When the line next opens after `now`, in words and UK time: 'today at 8am', 'tomorrow
 * (Thursday) at 8am', 'on Monday at 8am', 'on next Monday at 8am', past that with its date: 'on
 * Monday 28 December at 8am'. Midnight as the day it begins: 'at midnight tonight', 'at midnight
 * as Sunday begins'. Undefined when it does not open (no day has hours).
 */
export function nextOpeningInWords(line: EmergencyLine, now: number): string | undefined {
  const opening = nextOpening(line, now);
  if (opening === undefined) return undefined;
  const clock = ukClock(opening);
  const day = londonDay(opening);
  const ahead = Math.round((Date.parse(day) - Date.parse(londonDay(now))) / DAY_MS);
  const weekday = WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const named = ahead < 7 ? weekday : ahead === 7 ? `next ${weekday}` : `${weekday} ${clock.day} ${MONTH_NAMES[clock.month - 1]}`;
  if (clock.hour === 0 && clock.minute === 0) return ahead === 1 ? 'at midnight tonight' : `at midnight as ${named} begins`;
  const at = formatLondonTime(opening);
  if (ahead === 0) return `today at ${at}`;
  if (ahead === 1) return `tomorrow (${weekday}) at ${at}`;
  return `on ${named} at ${at}`;
}
