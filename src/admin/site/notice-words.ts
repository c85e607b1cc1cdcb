import { clockWords } from '../../rules/clock-words';
import { MONTH_NAMES } from '../../rules/uk-time';
import { noticeSpan } from '../../site-content/emergency-line';
import type { Notice } from '../../site-content/model';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** '2026-12-24T00:00' -> 'Thursday 24 December 2026, midnight'; the year only when it is not this one. */
function wallClockInWords(local: string, thisYear: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return local;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const weekday = DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const date = `${weekday} ${day} ${MONTH_NAMES[month - 1]}${year === thisYear ? '' : ` ${year}`}`;
  const time =
    hour === 0 && minute === 0
      ? 'midnight'
      : hour === 12 && minute === 0
        ? 'midday'
        : `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'am' : 'pm'}`;
  return `${date}, ${time}`;
}

export type NoticeState = 'showing' | 'scheduled' | 'ended';

export function noticeState(notice: Notice, now: number): NoticeState {
  const span = noticeSpan(notice);
  if (!span || now >= span.end) return 'ended';
  return now < span.start ? 'scheduled' : 'showing';
}

export const NOTICE_STATE_LABEL: Record<NoticeState, string> = {
  showing: 'Showing now',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/** 'From Thursday 24 December, midnight to Sunday 27 December, midnight; closed those days.' (or 'open only 10am to 2pm') */
export function noticeInWords(notice: Notice, thisYear: number): string {
  const hours = notice.hours
    ? notice.hours.opens
      ? `; open only ${clockWords(notice.hours.opens)} to ${clockWords(notice.hours.closes)}`
      : '; closed those days'
    : '';
  return `From ${wallClockInWords(notice.starts, thisYear)} to ${wallClockInWords(notice.ends, thisYear)}${hours}.`;
}
