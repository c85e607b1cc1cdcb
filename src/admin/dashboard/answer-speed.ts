import type { AnswerTimeRow } from '../../db/answer-times';

/** Each week's answer speed: the median wait of the leads answered, and how many are still waiting. */
export interface WeekAnswerSpeed {
  answered: number;
  waiting: number;
  medianMs: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function answerSpeedByWeek(rows: readonly AnswerTimeRow[], weekCount: number): WeekAnswerSpeed[] {
  return Array.from({ length: weekCount }, (_, week) => {
    const ofWeek = rows.filter((row) => row.week === week);
    const waits = ofWeek.flatMap((row) => (row.waitMs === null ? [] : [row.waitMs]));
    return { answered: waits.length, waiting: ofWeek.length - waits.length, medianMs: median(waits) };
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A wait in words a glance takes in: "under a minute", "12 min", "3 h 5 min", "2 days". */
export function waitInWords(ms: number): string {
  if (ms < MINUTE) return 'under a minute';
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.round((ms - hours * HOUR) / MINUTE);
    return minutes === 0 || minutes === 60 ? `${minutes === 60 ? hours + 1 : hours} h` : `${hours} h ${minutes} min`;
  }
  const days = Math.round(ms / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}
